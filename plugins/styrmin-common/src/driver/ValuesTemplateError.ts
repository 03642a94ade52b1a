import { CustomErrorBase } from '@backstage/errors';
import { StyrminErrorCode } from '../errors/StyrminErrorCode';

/**
 * A values template that does not compile, or fails while rendering (for example because
 * it outputs a variable the context does not have). `line` and `column` (1-based) point
 * into the template when nunjucks knows where the failure is. `code` is
 * `VALUES_TEMPLATE_TOO_EXPENSIVE` for a render stopped at its limits, `VALIDATION_FAILED`
 * for anything else.
 *
 * @public
 */
export class ValuesTemplateError extends CustomErrorBase {
  name = 'ValuesTemplateError' as const;
  readonly code: Extract<
    StyrminErrorCode,
    'VALIDATION_FAILED' | 'VALUES_TEMPLATE_TOO_EXPENSIVE'
  >;
  readonly line?: number;
  readonly column?: number;

  constructor(
    message: string,
    options?: {
      line?: number;
      column?: number;
      code?: ValuesTemplateError['code'];
    },
  ) {
    super(message);
    this.code = options?.code ?? 'VALIDATION_FAILED';
    this.line = options?.line;
    this.column = options?.column;
  }
}
