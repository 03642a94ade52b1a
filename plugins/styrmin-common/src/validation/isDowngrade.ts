import { lt } from 'semver';

/**
 * Whether moving from the driver version `from` to `to` (semver) is a downgrade, which a
 * change makes only when it asks for it (`allowDowngrade`).
 *
 * @public
 */
export function isDowngrade({ from, to }: { from: string; to: string }) {
  return lt(to, from);
}
