import { z } from 'zod/v4';
import { KubernetesName } from '../configuration/configurationFields';
import { RecordName } from '../configuration/RecordName';
import { withinField } from './combineValidations';
import { parseWithSchema } from './schemaProblems';
import { ValidationResult } from './ValidationProblem';

/** Parses one input field, its problems named after the field. */
function parseField<T>(
  schema: z.ZodType<T>,
  input: unknown,
  field: string,
): ValidationResult<T> {
  return withinField(field, parseWithSchema(schema, input));
}

/**
 * Validates the name of a cluster, an environment or a deployment (a {@link RecordName}),
 * with the problems in `field`.
 *
 * @public
 */
export function parseRecordName(
  input: unknown,
  field = 'name',
): ValidationResult<string> {
  return parseField(RecordName, input, field);
}

/**
 * Validates the reference of an environment to its backup storage location: the name of
 * a Velero BackupStorageLocation (a Kubernetes name), or null for none.
 *
 * @public
 */
export function parseBackupStorageLocation(
  input: unknown,
  field = 'backupStorageLocation',
): ValidationResult<string | null> {
  return parseField(KubernetesName.nullable(), input, field);
}
