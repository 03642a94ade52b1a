import { z } from 'zod/v4';

/**
 * The bounds of what a configuration may hold, so that no input grows a record, a context
 * or the Kubernetes objects built from it without limit.
 *
 * @public
 */
export const CONFIGURATION_LIMITS = {
  /** Characters of an application version (the semver package's own limit). */
  appVersionLength: 256,
  /** Parameter values set on one deployment. */
  parameters: 256,
  /** Characters of one text parameter value. */
  parameterValueLength: 65_536,
  /** Components with overrides on one deployment. */
  componentOverrides: 64,
  /** Env vars set on one component. */
  envVars: 100,
  /** Characters of an env var name. */
  envVarNameLength: 256,
  /** Characters of an env var value. */
  envVarValueLength: 32_768,
  /** Entries of a command or args override. */
  listItems: 128,
  /** Characters of one command or args entry. */
  listItemLength: 4_096,
  /** Characters of an image override. */
  imageLength: 512,
  /** Named storage classes of a cluster or an environment. */
  storageClasses: 64,
  /** Settings in `extra`. */
  extraSettings: 64,
  /** Characters of the `extra` settings, written as JSON. */
  extraLength: 65_536,
  /** Levels of nesting of the `extra` settings, the map itself the first. */
  extraDepth: 16,
} as const;

/** The largest replica count Kubernetes stores (`spec.replicas` is an int32). */
export const MAX_REPLICAS = 2_147_483_647;

const DNS_SUBDOMAIN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const dnsSubdomain = (what: string) =>
  z
    .string()
    .max(253)
    .regex(DNS_SUBDOMAIN, {
      error: `Must be ${what}: lower-case letters, digits, "-" and ".", each part starting and ending with a letter or digit`,
    });

/** A name Kubernetes accepts for a cluster-scoped object such as a StorageClass. */
export const KubernetesName = dnsSubdomain('a Kubernetes name');

/** A DNS name such as `apps.example.com`. */
export const DomainName = dnsSubdomain('a DNS name');

/**
 * An env var name as Kubernetes validated it for years (`[-._a-zA-Z][-._a-zA-Z0-9]*`):
 * what every cluster version accepts.
 */
export const EnvVarName = z
  .string()
  .max(CONFIGURATION_LIMITS.envVarNameLength)
  .regex(/^[-._a-zA-Z][-._a-zA-Z0-9]*$/, {
    error:
      'Must be an env var name: letters, digits, "_", "-" and ".", not starting with a digit',
  });

/**
 * A record whose number of entries is bounded; zod records have no such bound themselves.
 */
export function boundedRecord<
  K extends z.core.$ZodRecordKey,
  V extends z.core.SomeType,
>(key: K, value: V, { max, what }: { max: number; what: string }) {
  return z
    .record(key, value)
    .refine(record => Object.keys(record).length <= max, {
      error: `At most ${max} ${what}`,
    });
}
