import nunjucks from 'nunjucks';
import {
  ValuesTemplateBudget,
  ValuesTemplateLimits,
} from './ValuesTemplateBudget';
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

/** String methods that turn a string argument into a regular expression. */
const REGEX_METHODS = new Set(['match', 'matchAll', 'search']);
/**
 * Filters and methods whose first argument after the input says how large a result to
 * build (`"x" | center(n)`, `"x".repeat(n)`): checked before they build it.
 */
const SIZED_FILTERS = new Set(['center', 'indent', 'batch', 'slice']);
const SIZED_METHODS = new Set(['repeat', 'padStart', 'padEnd']);

const runtime = nunjucks.runtime as unknown as Record<string, any>;

// No loaders (without the empty list nunjucks would read files from ./views), so
// include, import and extends find nothing. `dev` keeps the line numbers on errors.
const environment = new nunjucks.Environment([], {
  autoescape: false,
  throwOnUndefined: true,
  dev: true,
});

/** nunjucks' `range`, with its arguments checked and its length paid for first. */
function budgetedRange(budget: ValuesTemplateBudget) {
  return (...args: unknown[]): number[] => {
    if (!args.every(arg => typeof arg === 'number' || arg === undefined)) {
      throw new Error('range takes numbers');
    }
    const [a, b, c] = args as Array<number | undefined>;
    const [start, stop, step] =
      b === undefined ? [0, a ?? 0, 1] : [a ?? 0, b, c || 1];
    const length = Math.max(0, Math.ceil((stop - start) / step)) || 0;
    budget.allow(length, 'range');
    return Array.from({ length }, (_, i) => start + i * step);
  };
}

/*
 * Compiled nunjucks templates do every variable and member lookup, call and loop through
 * the runtime object they are called with, and every filter through the environment. A
 * copy of both per render confines the template to the context and charges its work to
 * the render's budget, without changing the shared nunjucks runtime that other code in
 * the process uses.
 */
function guardedRuntime(budget: ValuesTemplateBudget) {
  const range = budgetedRange(budget);
  return {
    ...runtime,
    memberLookup(obj: unknown, name: unknown) {
      const key = String(name);
      if (FORBIDDEN_NAMES.has(key)) {
        refuse(name);
      }
      budget.spend(1);
      const value = runtime.memberLookup(obj, name);
      if (typeof value !== 'function') {
        return value;
      }
      if (REGEX_METHODS.has(key)) {
        // A pattern that backtracks exponentially would hold the thread in one native call.
        throw new Error(
          `A values template may not call ${key}: it compiles its argument into a regular expression`,
        );
      }
      return (...args: unknown[]) => {
        if (SIZED_METHODS.has(key)) {
          budget.allow(Number(args[0]), key);
        }
        return budget.built(value(...args), key);
      };
    },
    contextOrFrameLookup(context: unknown, frame: unknown, name: string) {
      // `caller` is how a {% call %} block reaches its body, so it stays readable as a name.
      if (FORBIDDEN_NAMES.has(name) && name !== 'caller') {
        refuse(name);
      }
      budget.spend(1);
      const value = runtime.contextOrFrameLookup(context, frame, name);
      return value === environment.getGlobal('range') ? range : value;
    },
    callWrap(obj: unknown, name: string, context: unknown, args: unknown[]) {
      budget.spend(1);
      return budget.nested(() =>
        budget.built(runtime.callWrap(obj, name, context, args), name),
      );
    },
    fromIterator(value: unknown) {
      const iterable = runtime.fromIterator(value);
      budget.spend(
        Array.isArray(iterable)
          ? iterable.length
          : Object.keys(iterable ?? {}).length,
      );
      return iterable;
    },
    // The compiled code tracks 0-based positions; nunjucks adds 1 only for its own errors.
    handleError(error: unknown, lineno: number, colno: number) {
      return runtime.handleError(error, lineno + 1, colno + 1);
    },
    suppressValue(value: unknown, autoescape: boolean) {
      const text = runtime.suppressValue(value, autoescape);
      budget.output(String(text).length);
      return text;
    },
  };
}

/** The environment as one render sees it: every filter charged to its budget. */
function guardedEnvironment(budget: ValuesTemplateBudget) {
  return Object.create(environment, {
    getFilter: {
      value(name: string) {
        const filter = environment.getFilter(name);
        return function guardedFilter(this: unknown, ...args: unknown[]) {
          budget.spend(1);
          if (SIZED_FILTERS.has(name)) {
            budget.allow(Number(args[1] ?? 0), name);
          }
          return budget.built(filter.apply(this, args), name);
        };
      },
    },
  });
}

type CompiledTemplate = nunjucks.Template & {
  rootRenderFunc(
    env: unknown,
    context: unknown,
    frame: unknown,
    runtime: unknown,
    callback: unknown,
  ): void;
};

/** JavaScript's own limits, which a runaway template reaches before any of the budget's. */
const ENGINE_LIMIT =
  /Maximum call stack size exceeded|Invalid string length|Invalid array length/;

function toValuesTemplateError(
  error: unknown,
  source: string,
  options: { name?: string; exceeded?: string },
) {
  const { lineno, colno, message } = error as {
    lineno?: number;
    colno?: number;
    message?: string;
  };
  // nunjucks prefixes "(values template) [Line 3, Column 5]" once per level it passes;
  // the position is kept in line and column instead.
  let reason = String(message ?? error)
    .replace(
      /(Template render error: )?\(values template\)( \[Line \d+, Column \d+\])?\s*/g,
      '',
    )
    .replace(/^(Range)?Error: /, '')
    .trim();
  const engineLimit = ENGINE_LIMIT.test(reason);
  const code =
    options.exceeded || engineLimit
      ? 'VALUES_TEMPLATE_TOO_EXPENSIVE'
      : 'VALIDATION_FAILED';
  if (engineLimit) {
    reason = `The values template went past a limit of JavaScript: ${reason}`;
  }
  const template = options.name
    ? `Values template ${options.name}`
    : 'Values template';
  if (!lineno) {
    return new ValuesTemplateError(`${template}: ${reason}`, { code });
  }
  const text = source.split('\n')[lineno - 1]?.trim();
  return new ValuesTemplateError(
    `${template} line ${lineno}, column ${colno}: ${reason} (in "${text}")`,
    { line: lineno, column: colno, code },
  );
}

/**
 * Options of {@link compileValuesTemplate} and {@link renderValuesTemplate}.
 *
 * @public
 */
export interface ValuesTemplateOptions {
  /** The template's file in the driver, named in errors. */
  name?: string;
  /** What one render may cost; see {@link ValuesTemplateLimits}. */
  limits?: ValuesTemplateLimits;
}

/** Refuses regular expression literals (`r/(a+)+$/`): one can hold the thread for ever. */
function refuseRegexLiterals(source: string) {
  const nodes = (nunjucks as any).nodes;
  const root = (nunjucks as any).parser.parse(source, [], {});
  const [literal] = root
    .findAll(nodes.Literal)
    .filter((node: { value: unknown }) => node.value instanceof RegExp);
  if (literal) {
    throw Object.assign(
      new Error('A values template may not use regular expressions'),
      { lineno: literal.lineno + 1, colno: literal.colno + 1 },
    );
  }
}

/**
 * Compiles a values template, so that a driver's template is checked once when the driver
 * version loads. Throws a {@link ValuesTemplateError} naming the line of a syntax error or
 * of a regular expression (which values templates may not use). The function it returns
 * renders within the limits, or throws a ValuesTemplateError with the code
 * `VALUES_TEMPLATE_TOO_EXPENSIVE`.
 *
 * @public
 */
export function compileValuesTemplate(
  source: string,
  options: ValuesTemplateOptions = {},
): (context: ValuesTemplateContext) => string {
  let template: CompiledTemplate;
  try {
    refuseRegexLiterals(source);
    template = new nunjucks.Template(
      source,
      environment,
      TEMPLATE_NAME,
      true,
    ) as CompiledTemplate;
  } catch (error) {
    throw toValuesTemplateError(error, source, options);
  }
  const root = template.rootRenderFunc.bind(template);

  return context => {
    const budget = new ValuesTemplateBudget(options.limits);
    template.rootRenderFunc = (
      _env,
      renderContext,
      frame,
      _runtime,
      callback,
    ) =>
      root(
        guardedEnvironment(budget),
        renderContext,
        frame,
        guardedRuntime(budget),
        callback,
      );
    try {
      // A copy, so that no method a template calls (`list.push`) changes the caller's context.
      const output = template.render(structuredClone(context));
      budget.output(output.length);
      return output;
    } catch (error) {
      throw toValuesTemplateError(error, source, {
        ...options,
        exceeded: budget.exceeded,
      });
    }
  };
}

/**
 * Renders a driver's values template (nunjucks) against a context into the chart values.
 * The template sees the context and nunjucks' built-in filters and globals, nothing else:
 * autoescaping is off, no file can be included, and outputting an undefined variable is a
 * {@link ValuesTemplateError} that names the template line. A render that goes past its
 * limits (time, work, output size, call depth) throws one with the code
 * `VALUES_TEMPLATE_TOO_EXPENSIVE`.
 *
 * @public
 */
export function renderValuesTemplate(
  template: string,
  context: ValuesTemplateContext,
  options: ValuesTemplateOptions = {},
): string {
  return compileValuesTemplate(template, options)(context);
}
