import { z } from 'zod/v4';
import { KubernetesName } from '../configuration/configurationFields';
import { parseWithSchema } from '../validation/schemaProblems';
import { ValidationResult } from '../validation/ValidationProblem';
import {
  BackupStorageLocationStore,
  BackupStorageProvider,
} from './BackupStorageLocation';

/** S3's rules for bucket names: 3 to 63 lower-case letters, digits, dots and dashes. */
const BucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
  error:
    'Must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots and dashes',
});

const EndpointUrl = z.url({
  protocol: /^https?$/,
  error: 'Must be an http:// or https:// URL',
});

const LocationInput = z.object({
  name: KubernetesName,
  provider: z.enum(BackupStorageProvider.values).default('S3'),
  bucket: BucketName.nullish(),
  prefix: z
    .string()
    .max(1024)
    .regex(/^[^/].*[^/]$|^[^/]$/, {
      error: 'Must not begin or end with a slash',
    })
    .nullish(),
  region: z.string().min(1).max(255).nullish(),
  endpointUrl: EndpointUrl.max(2048).nullish(),
  pathStyle: z.boolean().default(false),
  credentialsSecret: z
    .object({
      name: KubernetesName,
      key: z.string().regex(/^[-._a-zA-Z0-9]{1,253}$/, {
        error: 'Must be a key of a Secret: letters, digits, -, _ and .',
      }),
    })
    .nullish(),
});

/**
 * Validates a backup storage location as an administrator registers it (the API's input:
 * `credentialsSecret` names the Secret and its key, never the credentials), with every
 * problem under its field. Absent or null fields are unset.
 *
 * @public
 */
export function parseBackupStorageLocationInput(
  input: unknown,
): ValidationResult<{ name: string; store: BackupStorageLocationStore }> {
  const parsed = parseWithSchema(LocationInput, input);
  if (!parsed.success) {
    return parsed;
  }
  const { name, credentialsSecret, ...rest } = parsed.value;
  const store: BackupStorageLocationStore = {
    provider: rest.provider,
    pathStyle: rest.pathStyle,
    ...(rest.bucket && { bucket: rest.bucket }),
    ...(rest.prefix && { prefix: rest.prefix }),
    ...(rest.region && { region: rest.region }),
    ...(rest.endpointUrl && { endpointUrl: rest.endpointUrl }),
    ...(credentialsSecret && {
      credentials: {
        secretName: credentialsSecret.name,
        key: credentialsSecret.key,
      },
    }),
  };
  return { success: true, value: { name, store } };
}
