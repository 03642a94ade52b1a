import { StyrminApiError } from '@styrmin/sdk';
import {
  FieldProblems,
  problemsByField,
  problemsOfError,
} from '../DeploymentConfiguration/fieldProblems';

/**
 * Where an administrator's form shows why the server refused it: each coded problem at the
 * field it names (`[VALIDATION_FAILED] ...` under `url`), the rest under `''`, shown
 * under the form; a failure that is not the API's under `''` too.
 */
export function fieldErrorsOf(
  error: Error | undefined,
  fields: readonly string[],
): FieldProblems {
  if (!error) {
    return {};
  }
  if (!(error instanceof StyrminApiError)) {
    return { '': [error.message] };
  }
  return problemsByField(problemsOfError(error), fields);
}

/** The helper text of a form field: its problems when it has any, else its hint. */
export function helperTextOf(
  problems: FieldProblems,
  field: string,
  hint?: string,
): string | undefined {
  return problems[field]?.join(' ') ?? hint;
}
