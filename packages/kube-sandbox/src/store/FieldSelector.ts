interface FieldRequirement {
  field: string;
  equals: boolean;
  value: string;
}

/**
 * A field selector (`fieldSelector=metadata.name=a,status.phase!=Running`): comma-separated
 * `=`, `==` or `!=` terms, ANDed, with `\` escaping `,`, `=` and `\` in values. Which fields a
 * resource supports is the resource's business; see `fields`.
 */
export class FieldSelector {
  readonly #requirements: FieldRequirement[];

  private constructor(requirements: FieldRequirement[]) {
    this.#requirements = requirements;
  }

  static readonly everything = new FieldSelector([]);

  /** Parses the query string form; throws an Error with the apiserver's wording when invalid. */
  static parse(text: string | undefined): FieldSelector {
    if (!text || !text.trim()) {
      return FieldSelector.everything;
    }
    return new FieldSelector(splitTerms(text).map(parseTerm));
  }

  /** The fields this selector reads, to check them against what a resource supports. */
  get fields(): string[] {
    return this.#requirements.map(r => r.field);
  }

  get isEverything(): boolean {
    return this.#requirements.length === 0;
  }

  matches(fields: Record<string, string>): boolean {
    return this.#requirements.every(
      ({ field, equals, value }) => (fields[field] === value) === equals,
    );
  }
}

function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[++i];
    } else if (c === ',') {
      terms.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  terms.push(current);
  return terms;
}

function parseTerm(term: string): FieldRequirement {
  for (const [operator, equals] of [
    ['!=', false],
    ['==', true],
    ['=', true],
  ] as const) {
    const at = findUnescaped(term, operator);
    if (at >= 0) {
      return {
        field: term.slice(0, at).trim(),
        equals,
        value: unescape(term.slice(at + operator.length)),
      };
    }
  }
  throw new Error(`invalid selector: '${term}'; can't understand '${term}'`);
}

function findUnescaped(term: string, operator: string): number {
  for (let i = 0; i < term.length; i++) {
    if (term[i] === '\\') {
      i++;
    } else if (term.startsWith(operator, i)) {
      return i;
    }
  }
  return -1;
}

function unescape(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}
