import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import { Config, ConfigReader, JsonObject } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { PermissionCriteria } from '@backstage/plugin-permission-common';
import {
  StyrminEnvironmentCondition,
  styrminEnvironmentConditions,
} from '@styrmin/plugin-styrmin-common';
import { StyrminRole, strongestRole } from './StyrminRole';

/**
 * An operator's rights in some environments only: the names of the environments, and/or
 * those whose catalog entity the user or one of their groups owns.
 */
type EnvironmentGrant = {
  environments: string[];
  ownedEnvironments: boolean;
};

const CONFIG_KEYS = {
  administrators: 'administrator',
  operators: 'operator',
  readOnly: 'readOnly',
} as const satisfies Record<string, StyrminRole>;

/**
 * Which users and groups hold which role, as `styrmin.roles` in app-config.yaml says.
 *
 * @public
 */
export class RoleAssignments {
  readonly #roles: ReadonlyMap<string, StyrminRole[]>;
  readonly #grants: ReadonlyMap<string, EnvironmentGrant[]>;
  readonly #defaultRole: StyrminRole;

  /** Reads `styrmin.roles`; a malformed entity reference stops the backend at start-up. */
  static fromConfig(config: Config): RoleAssignments {
    const rolesConfig = config.getOptionalConfig('styrmin.roles');
    const roles = new Map<string, StyrminRole[]>();
    const grants = new Map<string, EnvironmentGrant[]>();
    for (const [key, role] of Object.entries(CONFIG_KEYS)) {
      const entries = rolesConfig?.getOptional<unknown[]>(key) ?? [];
      entries.forEach((entry, index) => {
        const at = `styrmin.roles.${key}[${index}]`;
        if (typeof entry === 'string') {
          const normalized = normalizeRef(entry, `styrmin.roles.${key}`);
          roles.set(normalized, [...(roles.get(normalized) ?? []), role]);
          return;
        }
        if (role !== 'operator') {
          throw new InputError(
            `${at} must be an entity reference; only operators are granted per environment`,
          );
        }
        if (
          typeof entry !== 'object' ||
          entry === null ||
          Array.isArray(entry)
        ) {
          throw new InputError(
            `${at} must be an entity reference or a grant { group | user, environments?, ownedEnvironments? }`,
          );
        }
        const { ref, grant } = readGrant(
          new ConfigReader(entry as JsonObject, at),
          at,
        );
        grants.set(ref, [...(grants.get(ref) ?? []), grant]);
      });
    }
    const defaultRole = rolesConfig?.getOptionalString('default') ?? 'readOnly';
    if (defaultRole !== 'readOnly' && defaultRole !== 'none') {
      throw new InputError(
        `styrmin.roles.default must be readOnly or none, got ${JSON.stringify(
          defaultRole,
        )}`,
      );
    }
    return new RoleAssignments(roles, grants, defaultRole);
  }

  private constructor(
    roles: ReadonlyMap<string, StyrminRole[]>,
    grants: ReadonlyMap<string, EnvironmentGrant[]>,
    defaultRole: StyrminRole,
  ) {
    this.#roles = roles;
    this.#grants = grants;
    this.#defaultRole = defaultRole;
  }

  /**
   * The environments in which a user with these ownership references is an operator by
   * a grant of `styrmin.roles.operators`, one condition per grant.
   */
  environmentGrantsOf(
    ownershipEntityRefs: readonly string[],
  ): PermissionCriteria<StyrminEnvironmentCondition>[] {
    return ownershipEntityRefs
      .flatMap(ref => this.#grants.get(ref.toLocaleLowerCase('en-US')) ?? [])
      .map(({ environments, ownedEnvironments }) => {
        const named = styrminEnvironmentConditions.isEnvironment({
          names: environments,
        });
        const owned = styrminEnvironmentConditions.isOwnedByUsersGroup({
          claims: [...ownershipEntityRefs],
        });
        if (!ownedEnvironments) {
          return named;
        }
        return environments.length > 0 ? { anyOf: [named, owned] } : owned;
      });
  }

  /** The role of a user with these ownership references (the user and their groups). */
  roleOf(ownershipEntityRefs: readonly string[]): StyrminRole {
    const held = ownershipEntityRefs.flatMap(
      ref => this.#roles.get(ref.toLocaleLowerCase('en-US')) ?? [],
    );
    return held.length > 0 ? strongestRole(held) : this.#defaultRole;
  }
}

/** An entry `{ group | user, environments?, ownedEnvironments? }` of `styrmin.roles.operators`. */
function readGrant(
  config: Config,
  at: string,
): { ref: string; grant: EnvironmentGrant } {
  const group = config.getOptionalString('group');
  const user = config.getOptionalString('user');
  if ((group === undefined) === (user === undefined)) {
    throw new InputError(`${at} must name one group or one user`);
  }
  const ref = normalizeRef(
    group ?? user!,
    `${at}.${group !== undefined ? 'group' : 'user'}`,
  );
  const environments = config.getOptionalStringArray('environments') ?? [];
  const ownedEnvironments =
    config.getOptionalBoolean('ownedEnvironments') ?? false;
  if (environments.length === 0 && !ownedEnvironments) {
    throw new InputError(
      `${at} grants no environment: list environments, set ownedEnvironments: true, or give the plain reference to make an operator of every environment`,
    );
  }
  return { ref, grant: { environments, ownedEnvironments } };
}

/** Entity references compare case-insensitively; the kind must be named, users or groups. */
function normalizeRef(ref: string, key: string): string {
  let parsed;
  try {
    parsed = parseEntityRef(ref);
  } catch (error) {
    throw new InputError(
      `${key} holds an invalid entity reference ${JSON.stringify(ref)}`,
      error,
    );
  }
  const kind = parsed.kind.toLocaleLowerCase('en-US');
  if (kind !== 'user' && kind !== 'group') {
    throw new InputError(
      `${key} holds ${JSON.stringify(
        ref,
      )}; roles go to users and groups, as user:<namespace>/<name> or group:<namespace>/<name>`,
    );
  }
  return stringifyEntityRef(parsed).toLocaleLowerCase('en-US');
}
