import {
  Document,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  Node,
  Pair,
  parseDocument,
  visit,
  YAMLMap,
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

/**
 * The pairs of a YAML map by their scalar keys, the first of each, made once per map: a
 * document of 100,000 unknown keys has a problem to place for each.
 */
const pairsOfMaps = new WeakMap<YAMLMap, Map<string, Pair>>();
function pairsByKey(map: YAMLMap): Map<string, Pair> {
  let pairs = pairsOfMaps.get(map);
  if (!pairs) {
    pairs = new Map();
    for (const item of map.items) {
      const name = isScalar(item.key) ? String(item.key.value) : undefined;
      if (name !== undefined && !pairs.has(name)) {
        pairs.set(name, item as Pair);
      }
    }
    pairsOfMaps.set(map, pairs);
  }
  return pairs;
}

/** Where each scalar key that its map already holds starts, as yaml's `uniqueKeys` finds them. */
function duplicateKeyOffsets(doc: Document): number[] {
  const offsets: number[] = [];
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        if (isScalar(key)) {
          if (seen.has(key.value)) {
            offsets.push(key.range?.[0] ?? 0);
          }
          seen.add(key.value);
        }
      }
    },
  });
  return offsets;
}

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
      const pair = pairsByKey(node).get(String(segment));
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

/** The longest driver.styrmin.yml read, in characters (a real one is a few thousand). */
export const MAX_DRIVER_SPEC_LENGTH = 256 * 1024;

/**
 * Parses and validates the text of a driver.styrmin.yml. Pure: it reads nothing but its
 * argument. On failure it returns every problem at once, each with its path in the
 * document and the line and column where it starts, in document order.
 *
 * @public
 */
export function parseDriverSpec(yamlText: string): ParseDriverSpecResult {
  if (yamlText.length > MAX_DRIVER_SPEC_LENGTH) {
    // yaml's parser is slower than linear in the keys of a map: 100,000 held it 45 s.
    return {
      success: false,
      problems: [
        {
          path: '',
          line: 1,
          column: 1,
          message: `The document is longer than ${MAX_DRIVER_SPEC_LENGTH} characters`,
        },
      ],
    };
  }
  const lineCounter = new LineCounter();
  // yaml's own check of unique keys is quadratic in the keys of a map (100,000 keys held
  // the thread for minutes); duplicateKeyOffsets does it in one pass.
  const doc = parseDocument(yamlText, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: false,
  });
  const at = (offset: number): DriverSpecLocation => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };

  const malformed = [
    ...doc.errors.map(error => ({
      offset: error.pos[0],
      message: error.message.split('\n')[0],
    })),
    ...duplicateKeyOffsets(doc).map(offset => ({
      offset,
      message: 'Map keys must be unique',
    })),
  ].sort((a, b) => a.offset - b.offset);
  if (malformed.length > 0) {
    return {
      success: false,
      problems: malformed.map(({ offset, message }) => ({
        path: '',
        ...at(offset),
        message: `Malformed YAML: ${message}`,
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
