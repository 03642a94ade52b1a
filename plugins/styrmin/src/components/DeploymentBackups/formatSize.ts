const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A size in bytes for people: `512 B`, `1.5 MiB`. */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0
    ? `${value} B`
    : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}
