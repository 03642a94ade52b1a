const UNITS: Record<string, number> = {
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
};

/** A Go duration as Flux and Velero specs write them (`5m0s`, `720h`, `500ms`), in milliseconds. */
export function goDurationMs(
  text: string | undefined,
  fallback: number,
): number {
  let total = 0;
  for (const [, amount, unit] of (text ?? '').matchAll(/([\d.]+)(ms|h|m|s)/g)) {
    total += Number(amount) * UNITS[unit];
  }
  return total || fallback;
}
