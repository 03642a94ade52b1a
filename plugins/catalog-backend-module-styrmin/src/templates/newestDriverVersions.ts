import { gt, prerelease } from 'semver';

/**
 * The newest version of each driver: the highest release version, or the highest
 * pre-release when a driver has no release. Keys are `<driver>@<version>`.
 */
export function newestDriverVersions(
  driverVersions: Array<{ name: string; version: string }>,
): Set<string> {
  const newest = new Map<string, string>();
  for (const { name, version } of driverVersions) {
    const current = newest.get(name);
    if (current === undefined || isNewer(version, current)) {
      newest.set(name, version);
    }
  }
  return new Set(
    [...newest].map(([name, version]) => driverVersionKey({ name, version })),
  );
}

/** The key of a driver version in {@link newestDriverVersions}' answer. */
export function driverVersionKey(driverVersion: {
  name: string;
  version: string;
}): string {
  return `${driverVersion.name}@${driverVersion.version}`;
}

function isNewer(version: string, than: string): boolean {
  const released = prerelease(version) === null;
  const thanReleased = prerelease(than) === null;
  if (released !== thanReleased) {
    return released;
  }
  return gt(version, than);
}
