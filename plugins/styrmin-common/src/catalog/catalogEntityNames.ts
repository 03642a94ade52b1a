/*
 * The names of Styrmin's catalog entities, computed in one place so that the catalog
 * module that emits them, the template actions that link to them and the UI agree.
 * Backstage entity names are at most 63 characters of letters, digits, "-", "_" and ".",
 * starting and ending with a letter or digit.
 */

const MAX_ENTITY_NAME = 63;

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable suffix that runs everywhere. */
function shortHash(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * `name` when it is a valid entity name; otherwise cut and ended with a hash of `key`, so
 * that two long names that share a prefix still differ.
 */
function fitEntityName(name: string, key: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  if (cleaned === name && name.length <= MAX_ENTITY_NAME) {
    return name;
  }
  const suffix = shortHash(key);
  const prefix = cleaned
    .slice(0, MAX_ENTITY_NAME - suffix.length - 1)
    .replace(/[^A-Za-z0-9]+$/, '');
  return prefix ? `${prefix}-${suffix}` : suffix;
}

/**
 * The name of a cluster's `System` entity: the cluster's name (a DNS label, so always a
 * valid entity name).
 *
 * @public
 */
export function clusterEntityName(cluster: { name: string }): string {
  return cluster.name;
}

/**
 * The name of an environment's `Resource` entity: the environment's name (a DNS label).
 * The template actions rely on it: an environment picked in a template's form is an entity
 * reference whose name is the environment's name.
 *
 * @public
 */
export function environmentEntityName(environment: { name: string }): string {
  return environment.name;
}

/**
 * The name of a deployment's `Resource` entity: `<environment>.<deployment>` (a dot cannot
 * occur in either name, so no two deployments meet), cut and ended with a hash of the
 * deployment's id when longer than 63 characters.
 *
 * @public
 */
export function deploymentEntityName(deployment: {
  id: string;
  name: string;
  environment: { name: string };
}): string {
  return fitEntityName(
    `${deployment.environment.name}.${deployment.name}`,
    deployment.id,
  );
}

/**
 * The name of an application driver version's `Template` entity: `<driver>-<version>`
 * (`infrahub-1.1.0`); characters a semver build or pre-release may hold that entity names
 * may not (`+`) become "-", and a name longer than 63 characters is cut and ended with a
 * hash of driver and version.
 *
 * @public
 */
export function driverTemplateName(driverVersion: {
  name: string;
  version: string;
}): string {
  return fitEntityName(
    `${driverVersion.name}-${driverVersion.version}`,
    `${driverVersion.name}@${driverVersion.version}`,
  );
}
