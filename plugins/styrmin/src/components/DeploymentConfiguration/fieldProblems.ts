import {
  StyrminErrorCode,
  ValidationProblem,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';

/** What is wrong, by the form field it belongs to; `''` for the change as a whole. */
export type FieldProblems = Record<string, string[]>;

/** One problem with its code and the path of the input at fault (`''` for the whole). */
export interface ChangeProblem {
  code: StyrminErrorCode;
  path: string;
  message: string;
}

/** The problems of a change that the API refused, each with the path of its field. */
export function problemsOfError(error: StyrminApiError): ChangeProblem[] {
  if (error.problems.length > 0) {
    return error.problems.map(problem => ({
      code: problem.code ?? error.code,
      path: problem.path ?? '',
      message: problem.message,
    }));
  }
  return [
    { code: error.code, path: error.field ?? '', message: error.message },
  ];
}

/** The problems that the browser found, as the server would report them. */
export function problemsOfValidation(
  problems: readonly ValidationProblem[],
): ChangeProblem[] {
  return problems.map(({ code, field, message }) => ({
    code,
    path: field,
    message,
  }));
}

const isWithin = (path: string, field: string) =>
  path === field ||
  path.startsWith(`${field}.`) ||
  path.startsWith(`${field}[`);

/**
 * Puts each problem at the form field it names, or the nearest field that holds it
 * (`components.server.env.LOG_LEVEL` goes to `components.server.env`), led by its code;
 * a problem of no field goes to `''`.
 */
export function problemsByField(
  problems: readonly ChangeProblem[],
  fields: readonly string[],
): FieldProblems {
  const byField: FieldProblems = {};
  const nearest = [...fields].sort((a, b) => b.length - a.length);
  for (const problem of problems) {
    const field = nearest.find(f => isWithin(problem.path, f)) ?? '';
    (byField[field] ??= []).push(`[${problem.code}] ${problem.message}`);
  }
  return byField;
}
