import { CustomErrorBase } from '@backstage/errors';

/**
 * A step failure that carries the output of the command that failed; the step keeps the
 * end of it (`outputTail`).
 *
 * @internal
 */
export class FlowStepError extends CustomErrorBase {
  name = 'FlowStepError' as const;
  readonly output?: string;

  constructor(message: string, options?: { output?: string; cause?: unknown }) {
    super(message, options?.cause);
    this.output = options?.output;
  }
}
