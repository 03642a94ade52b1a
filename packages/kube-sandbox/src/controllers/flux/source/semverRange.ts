/*
 * Version ranges as Flux's chart `version` fields use them (Masterminds/semver): `*`, exact
 * versions, x-ranges (`1.x`, `1.2.*`), comparators (`>=1.2.0 <2.0.0`, comma or space
 * separated), `~1.2` and `^1.2.3`, and alternatives with `||`. Pre-release versions are
 * compared by their numbers only.
 */

type Version = [number, number, number];

function parseVersion(text: string): Version | undefined {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(
    text.trim(),
  );
  return match
    ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)]
    : undefined;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function satisfies(version: Version, comparator: string): boolean {
  const match =
    /^(>=|<=|>|<|=|~|\^)?\s*v?([\dxX*]+)(?:\.([\dxX*]+))?(?:\.([\dxX*]+))?/.exec(
      comparator,
    );
  if (!match) {
    return false;
  }
  const [, operator = '=', ...parts] = match;
  const wild = (p: string | undefined) => p === undefined || /^[xX*]$/.test(p);
  const fixed = parts.findIndex(wild);
  const given = (fixed < 0 ? parts : parts.slice(0, fixed)).map(Number);
  const low: Version = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];
  // The first version after everything that matches `low` up to `index`.
  const next = (index: number): Version => {
    const bumped: Version = [...low];
    bumped[index] += 1;
    bumped.fill(0, index + 1);
    return bumped;
  };
  switch (operator) {
    case '>=':
      return compare(version, low) >= 0;
    case '>':
      return given.length < 3
        ? compare(version, next(given.length - 1)) >= 0
        : compare(version, low) > 0;
    case '<=':
      return given.length < 3
        ? compare(version, next(given.length - 1)) < 0
        : compare(version, low) <= 0;
    case '<':
      return compare(version, low) < 0;
    case '~':
      return (
        compare(version, low) >= 0 &&
        compare(version, next(Math.min(1, given.length - 1))) < 0
      );
    case '^': {
      const significant = Math.max(
        0,
        low.findIndex(part => part > 0),
      );
      return (
        compare(version, low) >= 0 && compare(version, next(significant)) < 0
      );
    }
    default:
      return (
        given.length === 0 ||
        (compare(version, low) >= 0 &&
          compare(version, next(given.length - 1)) < 0)
      );
  }
}

/** Whether a chart version is in a range; an empty range or `*` takes any version. */
export function inRange(
  versionText: string,
  range: string | undefined,
): boolean {
  const version = parseVersion(versionText);
  if (!version) {
    return false;
  }
  if (!range || !range.trim()) {
    return true;
  }
  return range.split('||').some(alternative =>
    alternative
      .replace(/,/g, ' ')
      .replace(/(>=|<=|>|<|=|~|\^)\s+/g, '$1')
      .trim()
      .split(/\s+/)
      .every(comparator => satisfies(version, comparator)),
  );
}

/** Orders versions by their numbers, then a release before its pre-releases. */
export function compareVersionText(a: string, b: string): number {
  const [va, vb] = [parseVersion(a), parseVersion(b)];
  if (!va || !vb) {
    // What does not parse sorts first.
    return Number(!!va) - Number(!!vb);
  }
  const pre = (text: string) => (/^v?[\d.]+-/.test(text.trim()) ? 0 : 1);
  return compare(va, vb) || pre(a) - pre(b);
}

/** The highest of the versions in a range, as Helm picks a chart version from an index. */
export function latestInRange(
  versions: string[],
  range: string | undefined,
): string | undefined {
  return versions
    .filter(version => inRange(version, range))
    .sort(compareVersionText)
    .pop();
}
