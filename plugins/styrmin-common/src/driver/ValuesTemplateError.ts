import { CustomErrorBase } from '@backstage/errors';

/**
 * A values template that does not compile, or fails while rendering (for example because
 * it outputs a variable the context does not have). `line` and `column` (1-based) point
 * into the template when nunjucks knows where the failure is.
 *
 * @public
 */
export class ValuesTemplateError extends CustomErrorBase {
  name = 'ValuesTemplateError' as const;
  readonly line?: number;
  readonly column?: number;

  constructor(message: string, options?: { line?: number; column?: number }) {
    super(message);
    this.line = options?.line;
    this.column = options?.column;
  }
}
