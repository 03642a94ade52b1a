import { Config } from '@backstage/config';

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/**
 * Reads an optional byte size from config: a whole number of bytes, or a string of a number
 * and a unit (`512 KiB`, `256MiB`, `1.5 GB`; KB, MB and GB are powers of 1,000, KiB, MiB
 * and GiB of 1,024). Throws naming the key for anything else.
 *
 * @internal
 */
export function readByteSize(config: Config, key: string): number | undefined {
  const value = config.getOptional(key);
  if (value === undefined) {
    return undefined;
  }
  let bytes = NaN;
  if (typeof value === 'number') {
    bytes = value;
  } else if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
    const unit = match && UNITS[match[2].toLowerCase() || 'b'];
    if (match && unit) {
      bytes = Math.floor(Number(match[1]) * unit);
    }
  }
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new Error(
      `Invalid byte size at '${key}': ${JSON.stringify(
        value,
      )}; use a whole number of bytes or a string such as "256 MiB"`,
    );
  }
  return bytes;
}
