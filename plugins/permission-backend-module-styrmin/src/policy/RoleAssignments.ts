import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { StyrminRole, strongestRole } from './StyrminRole';

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
  readonly #defaultRole: StyrminRole;

  /** Reads `styrmin.roles`; a malformed entity reference stops the backend at start-up. */
  static fromConfig(config: Config): RoleAssignments {
    const rolesConfig = config.getOptionalConfig('styrmin.roles');
    const roles = new Map<string, StyrminRole[]>();
    for (const [key, role] of Object.entries(CONFIG_KEYS)) {
      for (const ref of rolesConfig?.getOptionalStringArray(key) ?? []) {
        const normalized = normalizeRef(ref, `styrmin.roles.${key}`);
        roles.set(normalized, [...(roles.get(normalized) ?? []), role]);
      }
    }
    const defaultRole = rolesConfig?.getOptionalString('default') ?? 'readOnly';
    if (defaultRole !== 'readOnly' && defaultRole !== 'none') {
      throw new InputError(
        `styrmin.roles.default must be readOnly or none, got ${JSON.stringify(
          defaultRole,
        )}`,
      );
    }
    return new RoleAssignments(roles, defaultRole);
  }

  private constructor(
    roles: ReadonlyMap<string, StyrminRole[]>,
    defaultRole: StyrminRole,
  ) {
    this.#roles = roles;
    this.#defaultRole = defaultRole;
  }

  /** The role of a user with these ownership references (the user and their groups). */
  roleOf(ownershipEntityRefs: readonly string[]): StyrminRole {
    const held = ownershipEntityRefs.flatMap(
      ref => this.#roles.get(ref.toLocaleLowerCase('en-US')) ?? [],
    );
    return held.length > 0 ? strongestRole(held) : this.#defaultRole;
  }
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
