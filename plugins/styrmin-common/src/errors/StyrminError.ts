import { CustomErrorBase } from '@backstage/errors';
import { StyrminErrorCode } from './StyrminErrorCode';

/**
 * An error that carries one of the {@link StyrminErrorCode}s, and, where one input field is
 * at fault, its path (for example `components.server.replicas`).
 *
 * @public
 */
export class StyrminError extends CustomErrorBase {
  name = 'StyrminError' as const;
  readonly code: StyrminErrorCode;
  readonly field?: string;

  constructor(
    code: StyrminErrorCode,
    message: string,
    options?: { field?: string; cause?: Error | unknown },
  ) {
    super(message, options?.cause);
    this.code = code;
    this.field = options?.field;
  }
}
