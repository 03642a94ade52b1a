import nunjucks from 'nunjucks';
import { EXPOSED_SERVICE_USES } from '../context/exposedServices';
import type { DriverVersionSpec } from './DriverSpec';

/**
 * A path into the context, as its keys (`['cluster', 'ingress_class']`); it stands for
 * the value there and everything below it. The empty path is the whole context.
 *
 * @public
 */
export type ContextPath = readonly string[];

/**
 * What a driver version uses of the context: the paths that its values template and its
 * actions read, none covering another, sorted. The context of its instances holds only
 * these of the sections that other records share (the cluster's settings, the other
 * deployments of the environment), so that a change of anything else leaves its instances
 * as they are. docs/context.md describes the rule.
 *
 * @public
 */
export type ContextUses = readonly ContextPath[];

/**
 * The whole context: what a driver version uses when nothing says less (an action that
 * declares no `uses`, a template that includes another).
 *
 * @public
 */
export const WHOLE_CONTEXT: ContextUses = [[]];

/** The nunjucks nodes as the parser builds them; @types/nunjucks does not declare them. */
type TemplateNode = {
  typename: string;
  fields: string[];
  children?: TemplateNode[];
  value?: unknown;
  target?: TemplateNode;
  val?: TemplateNode;
  name?: TemplateNode;
  args?: TemplateNode;
};

type NunjucksParser = { parse(source: string): TemplateNode };

/** Nodes that read from elsewhere, what they see unknown: the whole context is used. */
const OPAQUE_NODES = new Set([
  'Include',
  'Import',
  'FromImport',
  'Extends',
  'CallExtension',
  'CallExtensionAsync',
]);

/** A context path from its text in a driver spec: keys joined by dots. */
function parseContextPath(text: string): ContextPath {
  return text.split('.');
}

/** The keys of a lookup chain rooted at a symbol (`cluster.extra["x"]`), or undefined. */
function staticChain(node: TemplateNode): string[] | undefined {
  if (node.typename === 'Symbol') {
    return [String(node.value)];
  }
  if (node.typename === 'LookupVal' && node.val?.typename === 'Literal') {
    const target = staticChain(node.target!);
    return target && [...target, String(node.val.value)];
  }
  return undefined;
}

/**
 * The paths a template reads. Conservative: every lookup counts, whatever branch or loop
 * it sits in; a dynamic key (`cluster[name]`) uses the whole value it looks into; a
 * method call (`cluster.extra.items()`) the whole object it is called on; and include,
 * import and extends the whole context. Lookups of the template's own variables (a
 * `set`, a loop variable) add paths that no context section has, which change nothing.
 */
function templateReads(root: TemplateNode): ContextPath[] | undefined {
  const paths: ContextPath[] = [];
  let opaque = false;
  const visit = (node: TemplateNode | undefined): void => {
    if (!node || typeof node !== 'object' || !node.typename) {
      return;
    }
    if (OPAQUE_NODES.has(node.typename)) {
      opaque = true;
      return;
    }
    if (node.typename === 'Symbol' || node.typename === 'LookupVal') {
      const chain = staticChain(node);
      if (chain) {
        paths.push(chain);
        return;
      }
    }
    if (node.typename === 'FunCall' && node.name?.typename === 'LookupVal') {
      const method = staticChain(node.name);
      if (method) {
        paths.push(method.slice(0, -1));
        visit(node.args);
        return;
      }
    }
    for (const field of node.fields) {
      // A filter's name is nunjucks', not the context's.
      if (!(node.typename.startsWith('Filter') && field === 'name')) {
        visit((node as Record<string, unknown>)[field] as TemplateNode);
      }
    }
    node.children?.forEach(visit);
  };
  visit(root);
  return opaque ? undefined : paths;
}

/**
 * What a values template uses of the context, found by nunjucks' parser when the driver
 * version is loaded. A template that does not parse uses the whole context: loading
 * refuses it before this matters.
 *
 * @public
 */
export function valuesTemplateUses(template: string): ContextUses {
  let root: TemplateNode;
  try {
    root = (nunjucks as unknown as { parser: NunjucksParser }).parser.parse(
      template,
    );
  } catch {
    return WHOLE_CONTEXT;
  }
  return normalizeUses(templateReads(root) ?? WHOLE_CONTEXT);
}

function covers(prefix: ContextPath, path: ContextPath): boolean {
  return (
    prefix.length <= path.length && prefix.every((key, i) => key === path[i])
  );
}

/** The paths without duplicates or paths that another covers, sorted. */
export function normalizeUses(paths: readonly ContextPath[]): ContextUses {
  const sorted = [...paths].sort((a, b) => {
    const [x, y] = [a.join('\u0000'), b.join('\u0000')];
    return x < y ? -1 : Number(x > y);
  });
  const kept: ContextPath[] = [];
  for (const path of sorted) {
    if (!kept.some(prefix => covers(prefix, path))) {
      kept.push(path);
    }
  }
  return kept;
}

/** What the uses say of the value at `path`: all of it, nothing, or the keys below it used. */
function usesAt(
  uses: ContextUses,
  path: ContextPath,
): 'all' | 'none' | string[] {
  if (uses.some(used => covers(used, path))) {
    return 'all';
  }
  const keys = uses
    .filter(used => used.length > path.length && covers(path, used))
    .map(used => used[path.length]);
  return keys.length === 0 ? 'none' : [...new Set(keys)];
}

/**
 * The part of `value` (found at `path` of a context) that the uses read: all of it, the
 * used keys of an object (each picked in turn), or undefined when nothing of it is used.
 * A value that is not an object is kept whole when anything below it is used.
 *
 * @public
 */
export function pickUsed(
  uses: ContextUses,
  path: ContextPath,
  value: unknown,
): unknown {
  const at = usesAt(uses, path);
  if (at === 'all' || (at !== 'none' && !isObject(value))) {
    return value;
  }
  if (at === 'none') {
    return undefined;
  }
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    at
      .filter(key => Object.hasOwn(record, key))
      .map(key => [key, pickUsed(uses, [...path, key], record[key])])
      .filter(([, picked]) => picked !== undefined),
  );
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a driver version uses: what its values template reads, what each action declares
 * in `uses` (the whole context for an action that declares nothing, since an action's
 * reads cannot be found from its code), and the ingress settings when it exposes a
 * service (the operator makes its Ingresses from them).
 *
 * @public
 */
export function driverVersionUses(
  spec: DriverVersionSpec,
  valuesTemplate: string,
): ContextUses {
  return normalizeUses([
    ...valuesTemplateUses(valuesTemplate),
    ...spec.actions.flatMap(action =>
      action.uses ? action.uses.map(parseContextPath) : WHOLE_CONTEXT,
    ),
    ...(spec.services.some(service => service.expose)
      ? EXPOSED_SERVICE_USES
      : []),
  ]);
}
