import {
  BackstageCredentials,
  PermissionsService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  decideForRole,
  STYRMIN_ROLES,
  StyrminRole,
} from '@styrmin/plugin-styrmin-common';

/**
 * The Styrmin roles of service principals, by subject, from `styrmin.roles.services`.
 *
 * Backstage decides a service principal's permissions from its token alone (a static
 * external-access token's `accessRestrictions`), and no permission policy sees it, so a
 * token that may call the styrmin plugin at all may do everything there. Styrmin narrows
 * that for the subjects this configuration names: their calls need what the token allows
 * *and* what their role allows, by the role policy's own decision table. Subjects it does
 * not name (other plugins, such as the catalog reading Styrmin) are decided by Backstage
 * alone, as before.
 *
 * ```yaml
 * styrmin:
 *   roles:
 *     services:
 *       styrminctl-local: administrator   # the subject of a static token
 *       ci-reader: readOnly
 * ```
 *
 * @internal
 */
export class ServiceRoles {
  readonly #roles: ReadonlyMap<string, StyrminRole>;

  /** Reads `styrmin.roles.services`; an unknown role stops the backend at start-up. */
  static fromConfig(config: RootConfigService): ServiceRoles {
    const services = config.getOptionalConfig('styrmin.roles.services');
    const roles = new Map<string, StyrminRole>();
    for (const subject of services?.keys() ?? []) {
      const role = services!.getString(subject);
      if (!(STYRMIN_ROLES as readonly string[]).includes(role)) {
        throw new InputError(
          `styrmin.roles.services.${subject} must be one of ${STYRMIN_ROLES.join(
            ', ',
          )}, got ${JSON.stringify(role)}`,
        );
      }
      roles.set(subject, role as StyrminRole);
    }
    return new ServiceRoles(roles);
  }

  private constructor(roles: ReadonlyMap<string, StyrminRole>) {
    this.#roles = roles;
  }

  /** The role of a service principal whose subject is configured; undefined otherwise. */
  roleOf(credentials: BackstageCredentials): StyrminRole | undefined {
    const principal = credentials.principal as {
      type?: string;
      subject?: string;
    };
    if (principal.type !== 'service' || principal.subject === undefined) {
      return undefined;
    }
    return this.#roles.get(principal.subject);
  }

  /**
   * The permission service that every Styrmin permission check goes through: Backstage's,
   * with the role of a configured service subject applied on top (a DENY of either wins).
   */
  wrap(permissions: PermissionsService): PermissionsService {
    return {
      authorize: async (requests, options) => {
        const decisions = await permissions.authorize(requests, options);
        const role = this.roleOf(options.credentials);
        if (!role) {
          return decisions;
        }
        return decisions.map((decision, index) =>
          decision.result === AuthorizeResult.ALLOW &&
          decideForRole(role, requests[index].permission) ===
            AuthorizeResult.DENY
            ? { result: AuthorizeResult.DENY }
            : decision,
        );
      },
      authorizeConditional: async (requests, options) => {
        const decisions = await permissions.authorizeConditional(
          requests,
          options,
        );
        const role = this.roleOf(options.credentials);
        if (!role) {
          return decisions;
        }
        return decisions.map((decision, index) =>
          decideForRole(role, requests[index].permission) ===
          AuthorizeResult.DENY
            ? { result: AuthorizeResult.DENY }
            : decision,
        );
      },
    };
  }
}
