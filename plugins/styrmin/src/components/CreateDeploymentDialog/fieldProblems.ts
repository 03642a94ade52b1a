import { StyrminApiError } from '@styrmin/sdk';

/**
 * What the server refused, by the input field at fault (`name`, `app_version`,
 * `parameters.admin_password`), so that each message shows next to its field; `undefined`
 * when the failure names no field.
 */
export function fieldProblems(
  error: unknown,
): Record<string, string[]> | undefined {
  if (!(error instanceof StyrminApiError)) {
    return undefined;
  }
  const problems = error.problems.length
    ? error.problems
    : [{ path: error.field, message: error.message }];
  const byField: Record<string, string[]> = {};
  for (const { path, message } of problems) {
    if (!path) {
      return undefined;
    }
    // A field inside the configuration, named with or without its input.
    const field = path.replace(/^(input\.)?configuration\./, '');
    (byField[field] ??= []).push(message);
  }
  return byField;
}
