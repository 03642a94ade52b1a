import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { driverSpecFields } from '../driver/driverSpecFields';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';

/** The repository's `corpus/` directory (docs/corpus.md says what it holds). */
export const CORPUS_DIRECTORY = resolve(__dirname, '../../../../corpus');

/**
 * What a case of the bad-input corpus expects: a coded error (a `StyrminError` code, a
 * GraphQL `extensions.code`, an HTTP status with its code), the problems of a driver spec
 * at or under `problemAt`, or `accept`: the reason the input is taken as it is.
 */
export interface BadInputExpectation {
  code?: string;
  status?: number;
  problemAt?: string;
  accept?: string;
}

/**
 * A text too large or too regular to keep written out: its parts joined, each a text, a
 * text repeated `times` times, or `lines` lines of `line` with `<n>` replaced by the line's
 * index and `<indent>` by twice as many spaces.
 */
export interface GeneratedText {
  concat: Array<
    string | { repeat: string; times: number } | { lines: number; line: string }
  >;
}

/** One case of the bad-input corpus. */
export interface BadInputCase<Input = unknown> {
  name: string;
  input: Input;
  expect: BadInputExpectation;
}

/** One file of `corpus/bad-input/<area>/`. */
export interface BadInputFile<Input = unknown> {
  description: string;
  /** Set in the files that `scripts/generate-corpus.ts` writes; those are not edited by hand. */
  generated?: boolean;
  cases: BadInputCase<Input>[];
}

/** Every case of an area, each named `<file>: <case>`, in the files' order. */
export function readBadInputArea<Input = unknown>(
  area: string,
): BadInputCase<Input>[] {
  const directory = join(CORPUS_DIRECTORY, 'bad-input', area);
  return readdirSync(directory)
    .filter(file => /\.(json|ya?ml)$/.test(file))
    .sort()
    .flatMap(file => {
      const content = readFileSync(join(directory, file), 'utf8');
      const parsed = (
        file.endsWith('.json') ? JSON.parse(content) : parse(content)
      ) as BadInputFile<Input>;
      return parsed.cases.map(entry => ({
        ...entry,
        name: `${file}: ${entry.name}`,
      }));
    });
}

/** The text an input stands for: itself, or its {@link GeneratedText} written out. */
export function inputText(input: string | GeneratedText): string {
  if (typeof input === 'string') {
    return input;
  }
  return input.concat
    .map(part => {
      if (typeof part === 'string') {
        return part;
      }
      if ('repeat' in part) {
        return part.repeat.repeat(part.times);
      }
      return Array.from(
        { length: part.lines },
        (_, n) =>
          `${part.line
            .replace(/<n>/g, String(n))
            .replace(/<indent>/g, '  '.repeat(n))}\n`,
      ).join('');
    })
    .join('');
}

/**
 * A driver.styrmin.yml with every field of the schema present at least once (parameters
 * and prompts of each kind), the base that the generated cases change one field of.
 */
export const FULL_DRIVER_SPEC = {
  apiVersion: 'styrmin.io/v1alpha1',
  kind: 'ApplicationDriver',
  metadata: { name: 'corpus', title: 'Corpus' },
  spec: {
    version: '1.0.0',
    supported_versions: '>=1.0.0',
    info: {
      icon: 'https://example.com/icon.svg',
      description: 'The base of the bad-input corpus.',
      links: [{ title: 'Home', url: 'https://example.com' }],
      authors: [
        { name: 'Ada', email: 'ada@example.com', url: 'https://example.com' },
      ],
      license: 'Apache-2.0',
    },
    helm: {
      main: {
        source: { type: 'directory', path: 'chart' },
        chart: 'corpus',
        version: '1.0.0',
        values_template: 'values.yaml.njk',
      },
    },
    components: {
      server: {
        selector: { app: 'server' },
        container: 'server',
        replicas: 2,
        singleton: false,
      },
    },
    parameters: {
      text: {
        type: 'string',
        title: 'Text',
        description: 'A text.',
        required: false,
        default: 'abc',
        min_length: 1,
        max_length: 10,
        pattern: '^[a-z]+$',
      },
      count: {
        type: 'integer',
        description: 'A count.',
        default: 2,
        minimum: 1,
        maximum: 5,
      },
      level: {
        type: 'enum',
        description: 'A level.',
        values: ['low', 'high'],
        default: 'low',
      },
    },
    retired_parameters: {
      old_replicas: { replaced_by: { replica_override: 'server' } },
    },
    services: [
      {
        name: 'http',
        component: 'server',
        port: 80,
        target_port: 8000,
        protocol: 'TCP',
        type: 'ClusterIP',
        expose: { protocol: 'http', path: '/' },
      },
    ],
    connects_to: ['other'],
    actions: [
      {
        name: 'migrate',
        description: 'Migrates.',
        hook: 'upgrade',
        mode: 'core',
        function: { module: 'actions/migrate.ts', export: 'migrate' },
        components: ['server'],
        uses: ['parameters.text'],
        migratesData: true,
        prompts: {
          note: {
            type: 'string',
            title: 'Note',
            description: 'A note.',
            required: false,
            default: 'x',
            min_length: 1,
            max_length: 10,
            pattern: '^[a-z]+$',
          },
          size: {
            type: 'number',
            description: 'A size.',
            default: 1.5,
            minimum: 0,
            maximum: 9,
          },
          mood: {
            type: 'enum',
            description: 'A mood.',
            values: ['calm'],
          },
        },
      },
    ],
  },
};

/** Values of the wrong type for a field of each type the Driver API reference prints. */
function wrongValues(type: string): unknown[] {
  if (type.startsWith('list of')) {
    return ['one', { a: 1 }, 42, type === 'list of string' ? [1] : ['one']];
  }
  if (type === 'map' || type === 'object') {
    return ['one', ['one'], 42, null];
  }
  if (type.startsWith('"')) {
    return ['nope', 1, [], `${type.split('"')[1].toUpperCase()}X`];
  }
  const kinds = type.split(' | ');
  const has = (kind: string) => kinds.includes(kind);
  return [
    ...(has('string') ? [] : ['yes']),
    ...(has('integer') || has('number') ? [] : [7]),
    // A fraction where only whole numbers go.
    ...(has('integer') && !has('number') ? [1.5] : []),
    ...(has('boolean') ? [] : [true]),
    ['one'],
    { a: 1 },
    null,
  ];
}

type Segment = string | number;

/** The concrete paths in `doc` of a field path (`spec.services[].port`, `<name>`). */
function concretePaths(doc: unknown, fieldPath: string): Segment[][] {
  const parts = fieldPath.replace(/\[\]/g, '.[]').split('.');
  let paths: Array<{ at: Segment[]; value: unknown }> = [
    { at: [], value: doc },
  ];
  for (const part of parts) {
    paths = paths.flatMap(({ at, value }) => {
      if (part === '[]') {
        return Array.isArray(value)
          ? value.map((item, index) => ({ at: [...at, index], value: item }))
          : [];
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return [];
      }
      const entries = Object.entries(value as Record<string, unknown>);
      if (part === '<name>') {
        return entries.map(([key, inner]) => ({
          at: [...at, key],
          value: inner,
        }));
      }
      return part in value
        ? [
            {
              at: [...at, part],
              value: (value as Record<string, unknown>)[part],
            },
          ]
        : [];
    });
  }
  return paths.map(({ at }) => at);
}

const formatPath = formatDriverSpecPath;

/** {@link FULL_DRIVER_SPEC} with its chart from git: the fields of that kind of source. */
const GIT_SOURCE_DRIVER_SPEC = (() => {
  const doc = structuredClone(FULL_DRIVER_SPEC) as any;
  doc.spec.helm.main.source = {
    type: 'git',
    url: 'https://example.com/charts.git',
    ref: 'main',
    path: 'chart',
  };
  return doc;
})();

const BASES = { full: FULL_DRIVER_SPEC, git: GIT_SOURCE_DRIVER_SPEC };

/** A driver spec input of the corpus: `base` (a key of BASES) with `value` at `path`. */
export interface DriverSpecChange {
  base: keyof typeof BASES;
  path: Segment[];
  value: unknown;
}

/** The text of a driver spec input: YAML as written, repeated, or a base with a change. */
export function driverSpecText(
  input: string | GeneratedText | DriverSpecChange,
): string {
  if (typeof input === 'object' && 'base' in input) {
    return stringify(withValue(BASES[input.base], input.path, input.value));
  }
  return inputText(input);
}

function withValue(base: unknown, path: Segment[], value: unknown): unknown {
  const doc = structuredClone(base) as any;
  let node = doc;
  for (const segment of path.slice(0, -1)) {
    node = node[segment];
  }
  node[path.at(-1)!] = value;
  return doc;
}

/**
 * The generated files of the corpus, by their path under `corpus/bad-input/`: every field
 * of driver.styrmin.yml, in the first place of {@link FULL_DRIVER_SPEC} that has it, with
 * each value of a wrong type; each must be refused with a problem at or under the field.
 */
export function generatedBadInputFiles(): Record<
  string,
  BadInputFile<unknown>
> {
  const cases = driverSpecFields().flatMap(field => {
    const base = (['full', 'git'] as const).find(
      key => concretePaths(BASES[key], field.path).length > 0,
    );
    if (!base) {
      throw new Error(`No base document has ${field.path}`);
    }
    const [path] = concretePaths(BASES[base], field.path);
    return wrongValues(field.type).map(value => ({
      name: `${formatPath(path)} = ${JSON.stringify(value)} (${field.type})`,
      input: { base, path, value },
      expect: { problemAt: formatPath(path) },
    }));
  });
  return {
    'driver-spec/wrong-types.generated.json': {
      description:
        'Every field of driver.styrmin.yml with each value of a wrong type (scripts/generate-corpus.ts).',
      generated: true,
      cases,
    },
  };
}

/** A corpus file as the generator writes it, so that prettier leaves it as it is. */
export function serializeBadInputFile(file: BadInputFile<unknown>): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
