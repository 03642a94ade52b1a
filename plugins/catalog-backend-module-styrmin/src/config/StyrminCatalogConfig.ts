import {
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
  SchedulerServiceTaskScheduleDefinition,
} from '@backstage/backend-plugin-api';
import {
  DEFAULT_NAMESPACE,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { Config } from '@backstage/config';

/**
 * What the provider reads from `catalog.providers.styrmin` and `app.baseUrl`.
 */
export type StyrminCatalogConfig = {
  schedule: SchedulerServiceTaskScheduleDefinition;
  /** The catalog namespace of every entity. */
  namespace: string;
  /** The owner of clusters, templates, and environments listed nowhere. */
  defaultOwner: string;
  /** The owners of environments (and their deployments) by environment name. */
  environmentOwners: Record<string, string>;
  /** The portal's address, for the links to Styrmin pages. */
  appBaseUrl: string;
};

const DEFAULT_SCHEDULE: SchedulerServiceTaskScheduleDefinition = {
  frequency: { minutes: 30 },
  timeout: { minutes: 3 },
  initialDelay: { seconds: 15 },
};

/** The owner of everything no configuration names. */
export const DEFAULT_OWNER = 'group:default/styrmin-admins';

/** An owner as a full entity reference; a bare name is a group in the default namespace. */
function ownerRef(value: string, key: string): string {
  try {
    return stringifyEntityRef(
      parseEntityRef(value, {
        defaultKind: 'group',
        defaultNamespace: DEFAULT_NAMESPACE,
      }),
    );
  } catch (error) {
    throw new Error(
      `Invalid ${key} in catalog.providers.styrmin: ${
        (error as Error).message
      }`,
    );
  }
}

/**
 * Reads the provider's configuration, with its defaults: every 30 minutes, namespace
 * `default`, owner `group:default/styrmin-admins`.
 */
export function readStyrminCatalogConfig(config: Config): StyrminCatalogConfig {
  const own = config.getOptionalConfig('catalog.providers.styrmin');
  const owners = own?.getOptionalConfig('environmentOwners');
  return {
    schedule: own?.has('schedule')
      ? readSchedulerServiceTaskScheduleDefinitionFromConfig(
          own.getConfig('schedule'),
        )
      : DEFAULT_SCHEDULE,
    namespace: readStyrminCatalogNamespace(config),
    defaultOwner: ownerRef(
      own?.getOptionalString('defaultOwner') ?? DEFAULT_OWNER,
      'defaultOwner',
    ),
    environmentOwners: Object.fromEntries(
      (owners?.keys() ?? []).map(name => [
        name,
        ownerRef(owners!.getString(name), `environmentOwners.${name}`),
      ]),
    ),
    appBaseUrl: config.getString('app.baseUrl').replace(/\/+$/, ''),
  };
}

/** The catalog namespace of Styrmin's entities: `catalog.providers.styrmin.namespace`. */
export function readStyrminCatalogNamespace(config: Config): string {
  return (
    config.getOptionalString('catalog.providers.styrmin.namespace') ??
    DEFAULT_NAMESPACE
  );
}
