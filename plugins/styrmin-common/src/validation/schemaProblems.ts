import { z } from 'zod/v4';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { ValidationProblem, ValidationResult } from './ValidationProblem';

/** Turns zod's wording into what the author of a change needs to read. */
export const explainIssue: z.core.$ZodErrorMap = issue => {
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return 'Required, but missing';
  }
  if (issue.code === 'invalid_key') {
    return `Invalid name ${JSON.stringify(issue.path?.at(-1))}: ${issue.issues
      .map(inner => inner.message)
      .join('; ')}`;
  }
  return undefined;
};

/** The problems of an input that does not have the shape of its schema, one per field. */
export function schemaProblems(error: z.ZodError): ValidationProblem[] {
  return error.issues.flatMap(issue =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map(key => ({
          code: 'VALIDATION_FAILED' as const,
          field: formatDriverSpecPath([...issue.path, key]),
          message: `Unknown field "${key}"`,
        }))
      : [
          {
            code: 'VALIDATION_FAILED' as const,
            field: formatDriverSpecPath(issue.path),
            message: issue.message,
          },
        ],
  );
}

/** Parses an input with a schema, or returns every problem of its shape. */
export function parseWithSchema<T>(
  schema: z.ZodType<T>,
  input: unknown,
): ValidationResult<T> {
  const parsed = schema.safeParse(input, { error: explainIssue });
  return parsed.success
    ? { success: true, value: parsed.data }
    : { success: false, problems: schemaProblems(parsed.error) };
}
