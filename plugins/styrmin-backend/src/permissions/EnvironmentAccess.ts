import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import {
  AuthorizeResult,
  PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  createConditionAuthorizer,
  createConditionTransformer,
} from '@backstage/plugin-permission-node';
import { StyrminEnvironmentPermission } from '@styrmin/plugin-styrmin-common';
import { Environment } from '../environments/EnvironmentStore';
import { EnvironmentCriteria } from './environmentCriteria';
import { EnvironmentRules } from './environmentRules';

/**
 * What a request may do in which environment: the `styrmin-environment` permissions of
 * one caller, each asked of the permission framework once (`authorizeConditional`, through
 * the request's memo) and applied to every environment the request touches by the rules
 * themselves, so that a page of a hundred deployments costs one decision, not a hundred.
 *
 * @internal
 */
export class EnvironmentAccess {
  readonly #permissions: PermissionsService;
  readonly #credentials: BackstageCredentials;
  readonly #loadEnvironment: (id: string) => Promise<Environment | undefined>;
  readonly #authorize: (
    decision: PolicyDecision,
    environment: Environment,
  ) => boolean;
  readonly #transform: ReturnType<typeof createConditionTransformer>;

  static create(options: {
    permissions: PermissionsService;
    credentials: BackstageCredentials;
    rules: EnvironmentRules;
    /** The environment of an id, deleted ones too (the request's loader). */
    loadEnvironment: (id: string) => Promise<Environment | undefined>;
  }): EnvironmentAccess {
    return new EnvironmentAccess(options);
  }

  private constructor(options: Parameters<typeof EnvironmentAccess.create>[0]) {
    const rules = Object.values(options.rules);
    this.#permissions = options.permissions;
    this.#credentials = options.credentials;
    this.#loadEnvironment = options.loadEnvironment;
    this.#authorize = createConditionAuthorizer(rules);
    this.#transform = createConditionTransformer(rules);
  }

  async #decision(
    permission: StyrminEnvironmentPermission,
  ): Promise<PolicyDecision> {
    const [decision] = await this.#permissions.authorizeConditional(
      [{ permission }],
      { credentials: this.#credentials },
    );
    return decision;
  }

  /** Whether the caller has the permission in this environment. */
  async allows(
    permission: StyrminEnvironmentPermission,
    environment: Environment,
  ): Promise<boolean> {
    return this.#authorize(await this.#decision(permission), environment);
  }

  /** Whether the caller has the permission in the environment of this id; false for none. */
  async allowsIn(
    permission: StyrminEnvironmentPermission,
    environmentId: string,
  ): Promise<boolean> {
    const environment = await this.#loadEnvironment(environmentId);
    return environment !== undefined && this.allows(permission, environment);
  }

  /**
   * The environments in which the caller has the permission, for a list's query: every
   * one (undefined), none (an empty criteria), or those meeting the conditions.
   */
  async criteria(
    permission: StyrminEnvironmentPermission,
  ): Promise<EnvironmentCriteria | undefined> {
    const decision = await this.#decision(permission);
    switch (decision.result) {
      case AuthorizeResult.ALLOW:
        return undefined;
      case AuthorizeResult.DENY:
        return { ids: [], names: [] };
      default:
        return this.#transform(decision.conditions) as EnvironmentCriteria;
    }
  }

  /**
   * Refuses a change of something in an environment unless the caller has the
   * permission there: NOT_FOUND when they may not even see it (`visible`), as for an id
   * that names nothing, FORBIDDEN otherwise.
   */
  async require(options: {
    permission: StyrminEnvironmentPermission;
    visible: StyrminEnvironmentPermission;
    environmentId: string;
    /** What the caller named, for the refusal: `deployment 3f…`. */
    what: string;
  }): Promise<void> {
    const { permission, visible, environmentId, what } = options;
    const environment = await this.#loadEnvironment(environmentId);
    if (!environment || (await this.allows(permission, environment))) {
      return;
    }
    if (!(await this.allows(visible, environment))) {
      throw new NotFoundError(`No ${what}`);
    }
    throw new NotAllowedError(
      `This needs the permission ${permission.name} in the environment ${environment.name}, which the caller does not have`,
    );
  }
}
