import { CustomErrorBase } from '@backstage/errors';
import { StyrminErrorCode } from './StyrminErrorCode';
import { StyrminProblem } from './StyrminProblem';

/**
 * An error that carries one of the {@link StyrminErrorCode}s, and, where one input field is
 * at fault, its path (for example `components.server.replicas`). A `VALIDATION_FAILED`
 * error of a document with several faults lists them all in `problems`.
 *
 * @public
 */
export class StyrminError extends CustomErrorBase {
  name = 'StyrminError' as const;
  readonly code: StyrminErrorCode;
  readonly field?: string;
  readonly problems?: StyrminProblem[];

  constructor(
    code: StyrminErrorCode,
    message: string,
    options?: {
      field?: string;
      problems?: StyrminProblem[];
      cause?: Error | unknown;
    },
  ) {
    super(message, options?.cause);
    this.code = code;
    this.field = options?.field;
    this.problems = options?.problems;
  }
}
