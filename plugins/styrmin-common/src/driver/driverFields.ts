import { valid, validRange } from 'semver';
import { z } from 'zod/v4';

/*
 * The scalar field types that several parts of driver.styrmin.yml share. Each carries the
 * description that the generated Driver API reference prints for it.
 */

/** An RFC 1123 DNS label: what Kubernetes accepts as a name, so names can become objects. */
export const DnsLabel = z
  .string()
  .max(63)
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, {
    error:
      'Must be a DNS label: lower-case letters, digits and "-", starting and ending with a letter or digit',
  });

/** A name that a values template can use as a variable: `parameters.admin_password`. */
export const ParameterName = z
  .string()
  .max(63)
  .regex(/^[a-z][a-z0-9_]*$/, {
    error:
      'Must start with a lower-case letter and hold only lower-case letters, digits and "_"',
  });

/** A path into the context, its keys joined by dots: `cluster.ingress_class`. */
export const ContextPathText = z
  .string()
  .max(253)
  .regex(/^[A-Za-z_][\w-]*(\.[\w-]+)*$/, {
    error:
      'Must be a context path: keys of letters, digits, "_" and "-" joined by "." (for example `cluster.ingress_class`)',
  });

/**
 * A path to a file or directory inside the driver, relative to the directory that holds
 * driver.styrmin.yml. Leaving the driver is refused here already; the loader also refuses
 * symbolic links that point outside.
 */
export const DriverPath = z
  .string()
  .min(1)
  .refine(path => !path.startsWith('/') && !/^[A-Za-z]:/.test(path), {
    error: 'Must be relative to the driver directory, not absolute',
  })
  .refine(path => !path.includes('\\'), {
    error: 'Must use "/" as the separator',
  })
  .refine(path => !path.split('/').includes('..'), {
    error: 'Must stay inside the driver directory (no ".." segments)',
  });

const urlWithScheme = (schemes: string[]) =>
  z.string().refine(
    value => {
      try {
        return schemes.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `Must be a URL starting with ${schemes.join(' or ')}//` },
  );

/** A link a browser can open. */
export const HttpUrl = urlWithScheme(['https:', 'http:']);

/** An OCI registry path that holds Helm charts. */
export const OciUrl = urlWithScheme(['oci:']);

/** A semantic version in its canonical form (`1.2.3`, not `v1.2.3`). */
export const SemverVersion = z
  .string()
  .refine(value => valid(value) === value, {
    error: 'Must be a semantic version such as 1.2.3',
  });

/** A semver range in the syntax of the npm `semver` package (`>=1.4.0 <1.6.0`, `^1.5`). */
export const SemverRange = z
  .string()
  .min(1)
  .refine(value => validRange(value) !== null, {
    error: 'Must be a semver range such as ">=1.4.0 <1.6.0"',
  });
