import { Comparator, Range } from 'semver';

/*
 * A semver range as a regular expression over release versions, for the application
 * version field of a template's form: JSON Schema has no semver comparison, but its
 * `pattern` (ECMAScript, with look-aheads) can say "a version this range satisfies".
 *
 * Each comparator of the range (`>=1.5.0`, `<2.0.0-0`) becomes a look-ahead over
 * `major.minor.patch`, each whole number compared digit by digit; a comparator set (the
 * comparators joined by spaces) is their conjunction, and the range (sets joined by `||`)
 * the alternative of its sets. Only release versions (no pre-release, no build) match:
 * a release satisfies a comparator with a pre-release exactly when it satisfies the same
 * comparison with the release it precedes (`>=1.0.0-rc.1` as `>=1.0.0`, `<2.0.0-0` as
 * `<2.0.0`), except `=`, which no release satisfies. The server checks the version against
 * the range again; the pattern only saves a round trip.
 */

/** A whole number as semver writes it: no leading zeros. */
const NUMBER = '(?:0|[1-9]\\d*)';

type Tuple = [number, number, number];
type Operator = '<' | '<=' | '>' | '>=' | '=';

function alternatives(patterns: string[]): string {
  if (patterns.length === 0) {
    // Matches nothing.
    return '(?!)';
  }
  return patterns.length === 1 ? patterns[0] : `(?:${patterns.join('|')})`;
}

/** Numbers with more digits than `n`, or as many and greater. */
function greaterThan(n: number): string {
  const digits = String(n);
  const k = digits.length;
  const patterns = [`[1-9]\\d{${k},}`];
  for (let i = 0; i < k; i++) {
    const digit = Number(digits[i]);
    if (digit < 9) {
      const low = digit + 1;
      patterns.push(
        `${digits.slice(0, i)}${low === 9 ? '9' : `[${low}-9]`}${
          k - i - 1 > 0 ? `\\d{${k - i - 1}}` : ''
        }`,
      );
    }
  }
  return alternatives(patterns);
}

/** Numbers with fewer digits than `n`, or as many and smaller. */
function lessThan(n: number): string {
  const digits = String(n);
  const k = digits.length;
  const patterns: string[] = [];
  if (k > 1) {
    patterns.push('0', k > 2 ? `[1-9]\\d{0,${k - 2}}` : '[1-9]');
  }
  for (let i = 0; i < k; i++) {
    const digit = Number(digits[i]);
    // A number of k > 1 digits does not start with 0.
    const lowest = i === 0 && k > 1 ? 1 : 0;
    if (digit > lowest) {
      const high = digit - 1;
      patterns.push(
        `${digits.slice(0, i)}${
          high === lowest ? `${high}` : `[${lowest}-${high}]`
        }${k - i - 1 > 0 ? `\\d{${k - i - 1}}` : ''}`,
      );
    }
  }
  return alternatives(patterns);
}

function versionPattern(
  [major, minor, patch]: Tuple,
  operator: Exclude<Operator, '='>,
): string {
  const strict = operator === '<' || operator === '>';
  const beyond = operator.startsWith('>') ? greaterThan : lessThan;
  const last = strict
    ? beyond(patch)
    : alternatives([String(patch), beyond(patch)]);
  return alternatives([
    `${beyond(major)}\\.${NUMBER}\\.${NUMBER}`,
    `${major}\\.${beyond(minor)}\\.${NUMBER}`,
    `${major}\\.${minor}\\.${last}`,
  ]);
}

/** What a release must match to satisfy one comparator; undefined for "anything". */
function comparatorPattern(comparator: Comparator): string | undefined {
  if (typeof comparator.semver === 'symbol' || comparator.value === '') {
    return undefined;
  }
  const { major, minor, patch, prerelease } = comparator.semver;
  const tuple: Tuple = [major, minor, patch];
  const operator = (comparator.operator || '=') as Operator;
  if (prerelease.length > 0) {
    // A release and a pre-release of the same tuple: the release comes after it.
    if (operator === '=') {
      return '(?!)';
    }
    return versionPattern(tuple, operator.startsWith('>') ? '>=' : '<');
  }
  if (operator === '=') {
    return `${major}\\.${minor}\\.${patch}`;
  }
  return versionPattern(tuple, operator);
}

/**
 * The regular expression (anchored, for JSON Schema's `pattern`) of the release versions
 * `major.minor.patch` that satisfy a semver range.
 */
export function appVersionPattern(range: string): string {
  const sets = new Range(range).set.map(comparators => {
    const lookaheads = comparators
      .map(comparatorPattern)
      .filter((pattern): pattern is string => pattern !== undefined)
      .map(pattern => `(?=${pattern}$)`);
    return `${lookaheads.join('')}${NUMBER}\\.${NUMBER}\\.${NUMBER}`;
  });
  return `^${alternatives(sets)}$`;
}
