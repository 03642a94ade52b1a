import { StyrminError } from '../errors/StyrminError';
import { StyrminErrorCode } from '../errors/StyrminErrorCode';

/**
 * One broken rule of a change: the glossary's error code where it names one
 * (`SINGLETON_REPLICA_OVERRIDE`) and `VALIDATION_FAILED` otherwise, the field at fault
 * (`components.server.replicas`; empty for the whole input) and what to fix.
 *
 * @public
 */
export interface ValidationProblem {
  code: StyrminErrorCode;
  field: string;
  message: string;
}

/**
 * A validated input, or every problem found in it.
 *
 * @public
 */
export type ValidationResult<T> =
  | { success: true; value: T }
  | { success: false; problems: ValidationProblem[] };

const problemLine = ({ field, message }: ValidationProblem) =>
  field ? `${field}: ${message}` : message;

/**
 * The error that refuses a change: the first problem's code and field, and every problem
 * listed, in the message and in `problems`.
 *
 * @public
 */
export function validationError(
  problems: ReadonlyArray<ValidationProblem>,
): StyrminError {
  const [first, ...others] = problems;
  if (!first) {
    throw new TypeError('A validation error needs at least one problem');
  }
  const message =
    others.length === 0
      ? problemLine(first)
      : `${problems.length} problems: ${problems.map(problemLine).join('; ')}`;
  return new StyrminError(first.code, message, {
    field: first.field || undefined,
    problems: problems.map(({ code, field, message: text }) => ({
      code,
      path: field,
      message: text,
    })),
  });
}
