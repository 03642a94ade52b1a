const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/**
 * A size in bytes for people, as the portal and styrminctl show a backup's: `512 B`,
 * `1.5 MiB`, `12 GiB`.
 *
 * @public
 */
export function formatByteSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0
    ? `${value} ${UNITS[0]}`
    : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}
