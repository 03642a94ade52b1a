import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import permissionPlugin from '@backstage/plugin-permission-backend';
import { JsonObject } from '@backstage/types';
// The tests run the real Styrmin backend and role policy beside the actions, as a backend
// would; the actions themselves reach Styrmin over HTTP only.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import permissionModuleStyrmin from '@styrmin/plugin-permission-backend-module-styrmin';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import styrminPlugin from '@styrmin/plugin-styrmin-backend';
import { StyrminClient } from '@styrmin/sdk';
import { resolve as resolvePath } from 'node:path';
import { StyrminActionsOptions } from '../actions/StyrminActionServices';

export const DRIVERS = resolvePath(__dirname, '../../../../drivers');

/** The users of the tests, by role. */
export const USERS = {
  admin: 'user:default/admin',
  operator: 'user:default/ada',
  reader: 'user:default/reader',
} as const;

export const APP_BASE_URL = 'http://portal.example.com';

/**
 * The Styrmin backend behind the real permission backend and Styrmin's role policy, with
 * an administrator, an operator and everyone else read-only; and the options the actions
 * take to reach it as the scaffolder would (as the scaffolder plugin, on behalf of a user).
 */
export async function startStyrminBackend() {
  const { server } = await startTestBackend({
    features: [
      permissionPlugin,
      permissionModuleStyrmin,
      styrminPlugin,
      mockServices.rootConfig.factory({
        data: {
          permission: { enabled: true },
          styrmin: {
            drivers: { allowedDirectories: [DRIVERS] },
            roles: {
              administrators: [USERS.admin],
              operators: [USERS.operator],
              default: 'readOnly',
            },
          },
        },
      }),
    ],
  });
  const serverUrl = `http://localhost:${server.port()}`;
  const actionOptions: StyrminActionsOptions = {
    auth: mockServices.auth({ pluginId: 'scaffolder' }),
    discovery: {
      getBaseUrl: async pluginId => `${serverUrl}/api/${pluginId}`,
      getExternalBaseUrl: async pluginId => `${serverUrl}/api/${pluginId}`,
    },
    config: new ConfigReader({ app: { baseUrl: APP_BASE_URL } }),
    pollIntervalMs: 20,
  };
  /** A client of the Styrmin API as one of the users. */
  const clientAs = (user: string) =>
    StyrminClient.create({
      baseUrl: `${serverUrl}/api/styrmin`,
      token: mockCredentials.user.token(user),
    });
  return { server, serverUrl, actionOptions, clientAs };
}

/**
 * What the administrator sets up: the example driver infrahub 1.1.0, a cluster (whose
 * agent token the fake agent uses) and an environment.
 */
export async function setUpStyrmin(admin: StyrminClient, environment = 'dev') {
  await admin.loadDriver({
    source: 'DIRECTORY',
    path: resolvePath(DRIVERS, 'infrahub/1.1.0'),
  });
  const { cluster, agentToken } = await admin.registerCluster({
    name: `local-${environment}`,
  });
  const env = await admin.createEnvironment({
    name: environment,
    cluster: cluster.id,
  });
  return { cluster, agentToken, environment: env };
}

/** The scaffolder's checkpoints of one task, kept across runs as its database keeps them. */
export class CheckpointStore {
  readonly saved = new Map<
    string,
    { status: 'success'; value: unknown } | { status: 'failed'; reason: string }
  >();

  /** Forgets what `fn` returned for keys that match, as a crash before the write would. */
  forget?: RegExp;

  checkpoint = async <T>(opts: {
    key: string;
    fn: () => Promise<T> | T;
  }): Promise<T> => {
    const known = this.saved.get(opts.key);
    if (known?.status === 'success') {
      return known.value as T;
    }
    if (known?.status === 'failed') {
      throw new Error(known.reason);
    }
    try {
      const value = await opts.fn();
      if (!this.forget?.test(opts.key)) {
        this.saved.set(opts.key, {
          status: 'success',
          value: JSON.parse(JSON.stringify(value ?? null)),
        });
      }
      return value;
    } catch (error) {
      this.saved.set(opts.key, { status: 'failed', reason: String(error) });
      throw error;
    }
  };
}

/** The input of styrmin:deployment:create for infrahub 1.1.0. */
export function infrahubInput(
  name: string,
  environment = 'resource:default/dev',
): JsonObject {
  return {
    environment,
    name,
    driver: 'infrahub',
    driverVersion: '1.1.0',
    appVersion: '1.5.2',
    parameters: {
      admin_password: 'correct horse battery',
      log_level: 'DEBUG',
    },
  };
}
