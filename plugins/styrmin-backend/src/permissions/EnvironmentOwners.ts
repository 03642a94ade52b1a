import {
  DEFAULT_NAMESPACE,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';

/** What the catalog module owns entities by when its configuration names no owner. */
const DEFAULT_OWNER = 'group:default/styrmin-admins';

/**
 * The owners of the environments' catalog entities: each environment's `styrmin-environment`
 * Resource is owned as `catalog.providers.styrmin.environmentOwners` names it, by its
 * `defaultOwner` otherwise (plugins/catalog-backend-module-styrmin writes them so), and
 * the catalog keeps no other owner for an entity Styrmin provides. Reading the same
 * configuration here decides `isOwnedByUsersGroup` without a catalog call per
 * environment, and turns it into a database filter of environment names.
 *
 * @internal
 */
export class EnvironmentOwners {
  readonly #owners: ReadonlyMap<string, string>;
  readonly #defaultOwner: string;

  static fromConfig(config: Config): EnvironmentOwners {
    const own = config.getOptionalConfig('catalog.providers.styrmin');
    const owners = own?.getOptionalConfig('environmentOwners');
    return new EnvironmentOwners(
      new Map(
        (owners?.keys() ?? []).map(name => [
          name,
          ownerRef(owners!.getString(name), `environmentOwners.${name}`),
        ]),
      ),
      ownerRef(
        own?.getOptionalString('defaultOwner') ?? DEFAULT_OWNER,
        'defaultOwner',
      ),
    );
  }

  private constructor(
    owners: ReadonlyMap<string, string>,
    defaultOwner: string,
  ) {
    this.#owners = owners;
    this.#defaultOwner = defaultOwner;
  }

  /** The owner of the environment of this name, as a lower-case entity reference. */
  ownerOf(environmentName: string): string {
    return this.#owners.get(environmentName) ?? this.#defaultOwner;
  }

  /**
   * The environments that one of these references owns: named ones, or, when the default
   * owner is among them, every environment but those named for others.
   */
  ownedBy(
    claims: readonly string[],
  ): { names: string[] } | { exceptNames: string[] } {
    const held = new Set(claims.map(claim => claim.toLocaleLowerCase('en-US')));
    const named = [...this.#owners];
    return held.has(this.#defaultOwner)
      ? {
          exceptNames: named
            .filter(([, owner]) => !held.has(owner))
            .map(([name]) => name),
        }
      : {
          names: named
            .filter(([, owner]) => held.has(owner))
            .map(([name]) => name),
        };
  }
}

/** As the catalog module reads an owner: a bare name is a group of the default namespace. */
function ownerRef(value: string, key: string): string {
  try {
    return stringifyEntityRef(
      parseEntityRef(value, {
        defaultKind: 'group',
        defaultNamespace: DEFAULT_NAMESPACE,
      }),
    ).toLocaleLowerCase('en-US');
  } catch (error) {
    throw new InputError(`Invalid ${key} in catalog.providers.styrmin`, error);
  }
}
