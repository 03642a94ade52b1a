import { compareVersions } from './customResourceType';
import { resourceKey, ResourceType } from './ResourceType';

/** An API group as discovery lists it. */
export interface ApiGroupInfo {
  name: string;
  /** Preferred first. */
  versions: string[];
}

/**
 * The resources the sandbox serves, built-in and from CRDs, looked up by URL (group, version,
 * plural) or by kind. Custom resources come and go as their CRDs do.
 */
export class ResourceRegistry {
  readonly #types = new Map<string, ResourceType>();

  private constructor(types: ResourceType[]) {
    for (const type of types) {
      this.add(type);
    }
  }

  static create(options: { types: ResourceType[] }): ResourceRegistry {
    return new ResourceRegistry(options.types);
  }

  add(type: ResourceType): void {
    this.#types.set(resourceKey(type), type);
  }

  remove(group: string, plural: string): void {
    this.#types.delete(resourceKey({ group, plural }));
  }

  /** By store key (`apps/deployments`), whatever the version. */
  get(key: string): ResourceType | undefined {
    return this.#types.get(key);
  }

  /** The type served at `/apis/<group>/<version>/<plural>`. */
  find(
    group: string,
    version: string,
    plural: string,
  ): ResourceType | undefined {
    const type = this.#types.get(resourceKey({ group, plural }));
    return type?.versions.includes(version) ? type : undefined;
  }

  findByKind(
    group: string,
    version: string,
    kind: string,
  ): ResourceType | undefined {
    return this.all().find(
      type =>
        type.group === group &&
        type.kind === kind &&
        type.versions.includes(version),
    );
  }

  all(): ResourceType[] {
    return [...this.#types.values()];
  }

  /** Every group with its served versions, core (`''`) first, then by name. */
  groups(): ApiGroupInfo[] {
    const versions = new Map<string, Set<string>>();
    for (const type of this.#types.values()) {
      const set = versions.get(type.group) ?? new Set();
      type.versions.forEach(v => set.add(v));
      versions.set(type.group, set);
    }
    return (
      [...versions.entries()]
        // The core group first, then by name.
        .sort(
          ([a], [b]) =>
            Number(b === '') - Number(a === '') || a.localeCompare(b),
        )
        .map(([name, set]) => ({
          name,
          versions: [...set].sort(compareVersions),
        }))
    );
  }
}
