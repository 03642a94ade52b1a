import {
  Document,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  Node,
  parseDocument,
} from 'yaml';
import { z } from 'zod/v4';
import { DriverAction } from './DriverAction';
import { driverReferenceIssues } from './driverReferenceIssues';
import { RetiredParameter } from './RetiredParameter';
import { DriverService } from './DriverService';
import { DriverSpec } from './DriverSpec';
import {
  DriverSpecLocation,
  DriverSpecPath,
  DriverSpecProblem,
  formatDriverSpecPath,
} from './DriverSpecProblem';

/**
 * What {@link parseDriverSpec} returns: the typed specification and a way to place further
 * problems in the document, or every problem found.
 *
 * @public
 */
export type ParseDriverSpecResult =
  | {
      success: true;
      spec: DriverSpec;
      /** Where a path of the document starts; loaders use it for the problems they find. */
      locate(path: DriverSpecPath): DriverSpecLocation;
    }
  | { success: false; problems: DriverSpecProblem[] };

/** Finds the YAML node of a path, or of the deepest ancestor present; keys of maps where asked. */
function findNode(
  doc: Document,
  path: DriverSpecPath,
  { key }: { key: boolean },
): Node | undefined {
  let node: unknown = doc.contents;
  for (const [index, segment] of path.entries()) {
    const last = index === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find(
        item =>
          isScalar(item.key) && String(item.key.value) === String(segment),
      );
      if (!pair) {
        return node;
      }
      if (last && key && isNode(pair.key)) {
        return pair.key;
      }
      node = isNode(pair.value) ? pair.value : pair.key;
    } else if (
      isSeq(node) &&
      typeof segment === 'number' &&
      node.items[segment]
    ) {
      node = node.items[segment];
    } else {
      break;
    }
  }
  return isNode(node) ? node : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Inside the schema, the rules across the parts of `spec` run once all of it is
 * well-formed. This runs them on the entries that are well-formed on their own, so that a
 * dangling reference is reported together with the document's other problems.
 */
function referenceIssues(data: unknown) {
  const spec = isObject(data) ? data.spec : undefined;
  if (!isObject(spec)) {
    return [];
  }
  const wellFormed = <T>(schema: z.ZodType<T>, list: unknown) =>
    Array.isArray(list)
      ? list.map(entry => {
          const parsed = schema.safeParse(entry);
          return parsed.success ? parsed.data : undefined;
        })
      : [];
  return driverReferenceIssues({
    components: isObject(spec.components) ? spec.components : {},
    services: wellFormed(DriverService, spec.services),
    actions: wellFormed(DriverAction, spec.actions),
    parameters: isObject(spec.parameters) ? spec.parameters : {},
    retired_parameters: isObject(spec.retired_parameters)
      ? Object.fromEntries(
          Object.entries(spec.retired_parameters).map(([name, entry]) => {
            const parsed = RetiredParameter.safeParse(entry);
            return [name, parsed.success ? parsed.data : undefined];
          }),
        )
      : undefined,
  }).map(issue => ({
    code: 'custom' as const,
    message: issue.message,
    path: ['spec', ...issue.path],
  }));
}

/** Turns zod's wording into what a driver author needs to read. */
const explainIssue: z.core.$ZodErrorMap = issue => {
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return 'Required, but missing';
  }
  if (issue.code === 'invalid_key') {
    return `Invalid name ${JSON.stringify(issue.path?.at(-1))}: ${issue.issues
      .map(inner => inner.message)
      .join('; ')}`;
  }
  return undefined;
};

/**
 * Parses and validates the text of a driver.styrmin.yml. Pure: it reads nothing but its
 * argument. On failure it returns every problem at once, each with its path in the
 * document and the line and column where it starts, in document order.
 *
 * @public
 */
export function parseDriverSpec(yamlText: string): ParseDriverSpecResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  const at = (offset: number): DriverSpecLocation => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };

  if (doc.errors.length > 0) {
    return {
      success: false,
      problems: doc.errors.map(error => ({
        path: '',
        ...at(error.pos[0]),
        message: `Malformed YAML: ${error.message.split('\n')[0]}`,
      })),
    };
  }

  const locate = (path: DriverSpecPath, { key = false } = {}) =>
    at(findNode(doc, path, { key })?.range?.[0] ?? 0);

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // Aliases that would expand into a huge document.
    return {
      success: false,
      problems: [
        {
          path: '',
          ...at(0),
          message: `Malformed YAML: ${(error as Error).message}`,
        },
      ],
    };
  }
  const parsed = DriverSpec.safeParse(data, { error: explainIssue });
  if (parsed.success) {
    return { success: true, spec: parsed.data, locate: path => locate(path) };
  }

  const problems = [...parsed.error.issues, ...referenceIssues(data)].flatMap(
    issue => {
      if (issue.code === 'unrecognized_keys') {
        // One problem per key, placed on the key itself.
        return issue.keys.map(name => {
          const path = [...issue.path, name];
          return {
            path: formatDriverSpecPath(path),
            ...locate(path, { key: true }),
            message: `Unknown field "${name}"`,
          };
        });
      }
      return [
        {
          path: formatDriverSpecPath(issue.path),
          ...locate(issue.path, { key: issue.code === 'invalid_key' }),
          message: issue.message,
        },
      ];
    },
  );
  // The schema found the reference problems too when all of spec was well-formed.
  const unique = [
    ...new Map(problems.map(p => [`${p.path}\0${p.message}`, p])).values(),
  ];
  unique.sort((a, b) => a.line - b.line || a.column - b.column);
  return { success: false, problems: unique };
}
