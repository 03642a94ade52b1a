import nunjucks from 'nunjucks';
import { ValuesTemplateError } from './ValuesTemplateError';

/**
 * The context a values template renders against: the resolved context of an instance.
 *
 * @public
 */
export type ValuesTemplateContext = Record<string, unknown>;

/**
 * Names a template may never read. Every way from a template value to the Function
 * constructor, and so to the process, goes through one of them (`range.constructor`,
 * `"".constructor.constructor`, a prototype's `constructor`, a sloppy-mode macro's
 * `caller.arguments`), whether written literally or computed (`x["constr" ~ "uctor"]`).
 */
const FORBIDDEN_NAMES = new Set([
  'constructor',
  'prototype',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
]);

const TEMPLATE_NAME = 'values template';

function refuse(name: unknown): never {
  throw new Error(`A values template may not read ${JSON.stringify(name)}`);
}

/*
 * Compiled nunjucks templates do every variable and member lookup through the runtime
 * object they are called with. Handing them a guarded copy confines this template to the
 * context without changing the shared nunjucks runtime that other code in the process uses.
 */
const guardedRuntime = {
  ...nunjucks.runtime,
  memberLookup(obj: unknown, name: unknown) {
    return FORBIDDEN_NAMES.has(String(name))
      ? refuse(name)
      : (nunjucks.runtime as any).memberLookup(obj, name);
  },
  contextOrFrameLookup(context: unknown, frame: unknown, name: string) {
    // `caller` is how a {% call %} block reaches its body, so it stays readable as a name.
    return FORBIDDEN_NAMES.has(name) && name !== 'caller'
      ? refuse(name)
      : (nunjucks.runtime as any).contextOrFrameLookup(context, frame, name);
  },
};

// No loaders (without the empty list nunjucks would read files from ./views), so
// include, import and extends find nothing. `dev` keeps the line numbers on errors.
const environment = new nunjucks.Environment([], {
  autoescape: false,
  throwOnUndefined: true,
  dev: true,
});

type CompiledTemplate = nunjucks.Template & {
  rootRenderFunc(
    env: unknown,
    context: unknown,
    frame: unknown,
    runtime: unknown,
    callback: unknown,
  ): void;
};

function toValuesTemplateError(error: unknown, source: string) {
  const { lineno, colno, message } = error as {
    lineno?: number;
    colno?: number;
    message?: string;
  };
  // nunjucks prefixes "(values template) [Line 3, Column 5]" once per level it passes;
  // the position is kept in line and column instead.
  const reason = String(message ?? error)
    .replace(
      /(Template render error: )?\(values template\)( \[Line \d+, Column \d+\])?\s*/g,
      '',
    )
    .replace(/^Error: /, '')
    .trim();
  if (!lineno) {
    return new ValuesTemplateError(`Values template: ${reason}`);
  }
  const text = source.split('\n')[lineno - 1]?.trim();
  return new ValuesTemplateError(
    `Values template line ${lineno}, column ${colno}: ${reason} (in "${text}")`,
    { line: lineno, column: colno },
  );
}

/**
 * Compiles a values template, so that a driver's template is checked once when the driver
 * version loads. Throws a {@link ValuesTemplateError} naming the line of a syntax error.
 *
 * @public
 */
export function compileValuesTemplate(
  source: string,
): (context: ValuesTemplateContext) => string {
  let template: CompiledTemplate;
  try {
    template = new nunjucks.Template(
      source,
      environment,
      TEMPLATE_NAME,
      true,
    ) as CompiledTemplate;
  } catch (error) {
    throw toValuesTemplateError(error, source);
  }
  const root = template.rootRenderFunc.bind(template);
  template.rootRenderFunc = (env, context, frame, _runtime, callback) =>
    root(env, context, frame, guardedRuntime, callback);

  return context => {
    try {
      // A copy, so that no method a template calls (`list.push`) changes the caller's context.
      return template.render(structuredClone(context));
    } catch (error) {
      throw toValuesTemplateError(error, source);
    }
  };
}

/**
 * Renders a driver's values template (nunjucks) against a context into the chart values.
 * The template sees the context and nunjucks' built-in filters and globals, nothing else:
 * autoescaping is off, no file can be included, and outputting an undefined variable is a
 * {@link ValuesTemplateError} that names the template line.
 *
 * @public
 */
export function renderValuesTemplate(
  template: string,
  context: ValuesTemplateContext,
): string {
  return compileValuesTemplate(template)(context);
}
