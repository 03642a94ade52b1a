import { parse as parseYaml } from 'yaml';
import { isPlainObject, JsonMap } from '../../../util/json';
import { sha256Digest } from '../ArtifactStorage';
import { compareVersionText, latestInRange } from './semverRange';

/** One chart version of a Helm repository index. */
export interface IndexedChartVersion {
  name: string;
  version: string;
  appVersion?: string;
  urls: string[];
  digest?: string;
}

/** A Helm repository's `index.yaml`: chart versions by chart name. */
export interface HelmIndex {
  apiVersion: string;
  entries: Record<string, IndexedChartVersion[]>;
}

/** Parses an index as Helm loads one; throws with Helm's words for what is not an index. */
export function parseHelmIndex(data: Buffer): HelmIndex {
  const parsed = parseYaml(data.toString('utf8'));
  if (!isPlainObject(parsed)) {
    throw new Error('no API version specified');
  }
  if (!parsed.apiVersion) {
    throw new Error('no API version specified');
  }
  const entries: Record<string, IndexedChartVersion[]> = {};
  for (const [name, versions] of Object.entries<JsonMap[]>(
    isPlainObject(parsed.entries) ? parsed.entries : {},
  )) {
    // Versions sorted newest first: the order Helm keeps, so the digest is stable.
    entries[name] = (Array.isArray(versions) ? versions : [])
      .filter(v => isPlainObject(v) && v.version !== undefined)
      .map(v => ({
        name: String(v.name ?? name),
        version: String(v.version),
        ...(v.appVersion !== undefined
          ? { appVersion: String(v.appVersion) }
          : {}),
        urls: Array.isArray(v.urls) ? v.urls.map(String) : [],
        ...(v.digest ? { digest: String(v.digest) } : {}),
      }))
      .sort((a, b) => compareVersionText(b.version, a.version));
  }
  return { apiVersion: String(parsed.apiVersion), entries };
}

/** The index as source-controller stores it (JSON, entries sorted) and its revision. */
export function storedIndex(index: HelmIndex): {
  data: Buffer;
  revision: string;
} {
  const sorted = Object.fromEntries(
    Object.keys(index.entries)
      .sort()
      .map(name => [name, index.entries[name]]),
  );
  const data = Buffer.from(
    JSON.stringify({ apiVersion: index.apiVersion, entries: sorted }),
  );
  return { data, revision: sha256Digest(data) };
}

/** The chart version a HelmChart asks for: the highest in its range, as Flux picks it. */
export function findChartVersion(
  index: HelmIndex,
  name: string,
  range: string | undefined,
): IndexedChartVersion {
  const versions = index.entries[name];
  if (!versions) {
    throw new Error('no chart name found');
  }
  if (versions.length === 0) {
    throw new Error('no chart version found');
  }
  const wanted = !range || range === '*' ? undefined : range;
  const version = latestInRange(
    versions.map(v => v.version),
    wanted,
  );
  if (!version) {
    throw new Error(
      `no '${name}' chart with version matching '${range}' found`,
    );
  }
  return versions.find(v => v.version === version)!;
}

/** Where a chart version is downloaded from: its first URL, relative ones against the repository. */
export function chartDownloadUrl(
  entry: IndexedChartVersion,
  repositoryUrl: string,
): string {
  if (!entry.urls[0]) {
    throw new Error(
      `chart '${entry.name}' version '${entry.version}' has no downloadable URLs`,
    );
  }
  return new URL(entry.urls[0], `${repositoryUrl.replace(/\/+$/, '')}/`).href;
}
