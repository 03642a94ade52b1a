import {
  AuthService,
  BackstageCredentials,
  DiscoveryService,
} from '@backstage/backend-plugin-api';
import { DEFAULT_NAMESPACE } from '@backstage/catalog-model';
import { Config } from '@backstage/config';
import { InputError, NotAllowedError } from '@backstage/errors';
import {
  deploymentEntityName,
  styrminPagePaths,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError, StyrminClient } from '@styrmin/sdk';

/**
 * What the Styrmin template actions need from the backend.
 *
 * @public
 */
export type StyrminActionsOptions = {
  auth: AuthService;
  discovery: DiscoveryService;
  config: Config;
  /** How often a task is read while it runs; 2 seconds by default. */
  pollIntervalMs?: number;
};

/** A deployment as the actions name it in their outputs and messages. */
export type ActionDeployment = {
  id: string;
  name: string;
  environment: { name: string };
};

/** The environment, records and links the actions share. */
export class StyrminActionServices {
  readonly #auth: AuthService;
  readonly #discovery: DiscoveryService;
  readonly #appBaseUrl: string;
  readonly #namespace: string;
  readonly pollIntervalMs: number;

  constructor(options: StyrminActionsOptions) {
    this.#auth = options.auth;
    this.#discovery = options.discovery;
    this.#appBaseUrl = options.config
      .getString('app.baseUrl')
      .replace(/\/+$/, '');
    // The namespace of the catalog module's entities (catalog.providers.styrmin).
    this.#namespace =
      options.config.getOptionalString('catalog.providers.styrmin.namespace') ??
      DEFAULT_NAMESPACE;
    this.pollIntervalMs = options.pollIntervalMs ?? 2000;
  }

  /**
   * A client of the Styrmin API that calls as the user who started the template: their
   * token for the styrmin plugin, so that Styrmin's permissions (the role policy) decide.
   */
  clientFor(credentials: BackstageCredentials): StyrminClient {
    return StyrminClient.create({
      baseUrl: () => this.#discovery.getBaseUrl('styrmin'),
      token: async () =>
        (
          await this.#auth.getPluginRequestToken({
            onBehalfOf: credentials,
            targetPluginId: 'styrmin',
          })
        ).token,
    });
  }

  /** Who the credentials are, as Styrmin records them (`createdBy`). */
  callerRef(credentials: BackstageCredentials): string | undefined {
    if (this.#auth.isPrincipal(credentials, 'user')) {
      return credentials.principal.userEntityRef;
    }
    if (this.#auth.isPrincipal(credentials, 'service')) {
      return credentials.principal.subject;
    }
    return undefined;
  }

  /** The deployment's page in the portal. */
  deploymentUrl(deployment: { id: string }): string {
    return `${this.#appBaseUrl}${styrminPagePaths.deployment(deployment)}`;
  }

  /** The deployment's entity, as the catalog module names it. */
  deploymentEntityRef(deployment: ActionDeployment): string {
    return `resource:${this.#namespace}/${deploymentEntityName(deployment)}`;
  }

  /** Outputs the deployment's id, page and entity, as every action does. */
  outputDeployment(
    ctx: {
      output(
        name: 'deploymentId' | 'deploymentUrl' | 'entityRef',
        value: string,
      ): void;
    },
    deployment: ActionDeployment,
  ): void {
    ctx.output('deploymentId', deployment.id);
    ctx.output('deploymentUrl', this.deploymentUrl(deployment));
    ctx.output('entityRef', this.deploymentEntityRef(deployment));
  }
}

/**
 * A refusal as the task log shows it: the scaffolder logs a failed step's `stack`, which
 * for a refusal is its message alone (the code and the server's words), since the trace
 * of where the client read the answer tells the user nothing. The cause keeps the trace.
 */
function refusal<E extends Error>(error: E): E {
  error.stack = error.message;
  return error;
}

/**
 * A refusal of the Styrmin API as the scaffolder shows it: FORBIDDEN becomes Backstage's
 * NotAllowedError (the user lacks the permission); the rest keeps Styrmin's code in the
 * message. Neither, nor the actions' InputErrors, logs a stack trace.
 */
export function describeStyrminError(error: unknown, what: string): Error {
  if (error instanceof StyrminApiError) {
    if (error.code === 'FORBIDDEN') {
      return refusal(
        new NotAllowedError(
          `Styrmin refused to ${what}: ${error.message} (FORBIDDEN)`,
          error,
        ),
      );
    }
    const field = error.field ? ` [${error.field}]` : '';
    return refusal(
      new Error(
        `Styrmin refused to ${what}: ${error.code}${field}: ${error.message}`,
        { cause: error },
      ),
    );
  }
  if (error instanceof InputError) {
    return refusal(error);
  }
  return error instanceof Error ? error : new Error(String(error));
}
