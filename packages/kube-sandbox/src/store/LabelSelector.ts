/** A selector in the API's object form (`spec.selector` of workloads). */
export interface LabelSelectorSpec {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }>;
}

type Operator = '=' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';

interface Requirement {
  key: string;
  operator: Operator;
  values: string[];
}

const KEY_PATTERN =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE_PATTERN = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** A hand-written parser for the grammar of k8s.io/apimachinery/pkg/labels. */
class Parser {
  readonly #tokens: string[];
  #position = 0;

  constructor(text: string) {
    this.#tokens = text.match(/!=|==|=|!|\(|\)|,|>|<|[^\s!=(),<>]+/g) ?? [];
  }

  parse(): Requirement[] {
    const requirements: Requirement[] = [];
    for (;;) {
      requirements.push(this.#requirement());
      const next = this.#next();
      if (next === undefined) {
        return requirements;
      }
      if (next !== ',') {
        throw this.#error(`found '${next}', expected: ',' or 'end of string'`);
      }
    }
  }

  #requirement(): Requirement {
    let token = this.#next();
    if (token === '!') {
      return { key: this.#key(this.#next()), operator: '!', values: [] };
    }
    const key = this.#key(token);
    token = this.#peek();
    if (token === undefined || token === ',') {
      return { key, operator: 'exists', values: [] };
    }
    this.#position++;
    switch (token) {
      case '=':
      case '==':
        return { key, operator: '=', values: [this.#value()] };
      case '!=':
        return { key, operator: '!=', values: [this.#value()] };
      case '>':
      case '<':
        return {
          key,
          operator: token === '>' ? 'gt' : 'lt',
          values: [this.#integer()],
        };
      case 'in':
      case 'notin':
        return { key, operator: token, values: this.#set() };
      default:
        throw this.#error(
          `found '${token}', expected: in, notin, =, ==, !=, gt, lt`,
        );
    }
  }

  #key(token: string | undefined): string {
    if (token === undefined || !KEY_PATTERN.test(token)) {
      throw this.#error(
        token === undefined
          ? `found '', expected: identifier`
          : `invalid label key "${token}": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
      );
    }
    return token;
  }

  #value(): string {
    const token = this.#peek();
    if (token === undefined || token === ',') {
      return '';
    }
    this.#position++;
    if (!VALUE_PATTERN.test(token) || token.length > 63) {
      throw this.#error(
        `invalid label value: "${token}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`,
      );
    }
    return token;
  }

  #integer(): string {
    const token = this.#next();
    if (token === undefined || !/^-?\d+$/.test(token)) {
      throw this.#error(
        `for 'Gt', 'Lt' operators, the value must be an integer`,
      );
    }
    return token;
  }

  #set(): string[] {
    if (this.#next() !== '(') {
      throw this.#error(
        `found '${this.#tokens[this.#position - 1] ?? ''}', expected: '('`,
      );
    }
    const values: string[] = [];
    for (;;) {
      const token = this.#peek();
      if (token === ')') {
        this.#position++;
        return values;
      }
      if (token === ',') {
        // An empty member, as in `(a,,b)` or `()`: the apiserver reads it as "".
        this.#position++;
        values.push('');
        continue;
      }
      if (token === undefined) {
        throw this.#error(`found '', expected: ')'`);
      }
      values.push(this.#value());
      if (this.#peek() === ',') {
        this.#position++;
      }
    }
  }

  #next(): string | undefined {
    return this.#tokens[this.#position++];
  }

  #peek(): string | undefined {
    return this.#tokens[this.#position];
  }

  #error(message: string): Error {
    return new Error(`unable to parse requirement: ${message}`);
  }
}

/**
 * A label selector: the query string syntax of `labelSelector=` (`a=b,c!=d,e in (f,g),h,!i`)
 * and the object form of `spec.selector`, with the apiserver's matching rules. Requirements
 * are ANDed; an empty selector matches everything.
 */
export class LabelSelector {
  readonly #requirements: Requirement[];

  private constructor(requirements: Requirement[]) {
    this.#requirements = requirements;
  }

  static readonly everything = new LabelSelector([]);

  /** Parses the query string form; throws an Error with the apiserver's wording when invalid. */
  static parse(text: string | undefined): LabelSelector {
    if (!text || !text.trim()) {
      return LabelSelector.everything;
    }
    return new LabelSelector(new Parser(text).parse());
  }

  /** The object form; an absent selector matches nothing, as controllers treat it. */
  static fromSpec(spec: LabelSelectorSpec | undefined): LabelSelector {
    if (!spec) {
      return new LabelSelector([{ key: '', operator: 'in', values: [] }]);
    }
    const requirements: Requirement[] = Object.entries(
      spec.matchLabels ?? {},
    ).map(([key, value]) => ({ key, operator: '=', values: [value] }));
    for (const expression of spec.matchExpressions ?? []) {
      const operator = (
        {
          In: 'in',
          NotIn: 'notin',
          Exists: 'exists',
          DoesNotExist: '!',
        } as const
      )[expression.operator];
      requirements.push({
        key: expression.key,
        operator,
        values: expression.values ?? [],
      });
    }
    return new LabelSelector(requirements);
  }

  get isEverything(): boolean {
    return this.#requirements.length === 0;
  }

  matches(labels: Record<string, string> | undefined): boolean {
    return this.#requirements.every(r => matchesRequirement(r, labels ?? {}));
  }

  /** The query string form, as Scale's `status.selector` carries it. */
  toString(): string {
    return this.#requirements
      .map(({ key, operator, values }) => {
        switch (operator) {
          case '=':
          case '!=':
            return `${key}${operator}${values[0]}`;
          case 'in':
          case 'notin':
            return `${key} ${operator} (${[...values].sort().join(',')})`;
          case 'exists':
            return key;
          case '!':
            return `!${key}`;
          case 'gt':
            return `${key}>${values[0]}`;
          default:
            return `${key}<${values[0]}`;
        }
      })
      .join(',');
  }
}

function matchesRequirement(
  { key, operator, values }: Requirement,
  labels: Record<string, string>,
): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, key);
  const value = labels[key];
  switch (operator) {
    case '=':
    case 'in':
      return has && values.includes(value);
    case '!=':
    case 'notin':
      return !has || !values.includes(value);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
      return has && Number(value) > Number(values[0]);
    default:
      return has && Number(value) < Number(values[0]);
  }
}
