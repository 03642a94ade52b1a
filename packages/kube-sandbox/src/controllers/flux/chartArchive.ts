import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { packTarGz, unpackTarGz } from '../../util/tarArchive';

/** What a chart's Chart.yaml says about it. */
export interface ChartMetadata {
  name: string;
  version: string;
  appVersion?: string;
}

function metadataOf(text: string): ChartMetadata {
  const chart = parseYaml(text) ?? {};
  if (!chart.name || chart.version === undefined) {
    throw new Error('validation: chart.metadata.name and version are required');
  }
  return {
    name: String(chart.name),
    version: String(chart.version),
    ...(chart.appVersion !== undefined
      ? { appVersion: String(chart.appVersion) }
      : {}),
  };
}

/** The metadata of a packaged chart (`<name>/Chart.yaml` inside the `.tgz`). */
export function packagedChartMetadata(archive: Buffer): ChartMetadata {
  for (const [name, content] of unpackTarGz(archive)) {
    if (/^[^/]+\/Chart\.yaml$/.test(name)) {
      return metadataOf(content.toString('utf8'));
    }
  }
  throw new Error('Chart.yaml file is missing');
}

/**
 * Packages the chart at `chartPath` of a source archive (a GitRepository's tarball) as
 * `helm package` lays a chart out (`<name>/...`), as source-controller does for a HelmChart
 * whose source is not a Helm repository.
 */
export function packageChartFromArchive(
  archive: Buffer,
  chartPath: string,
): { data: Buffer; metadata: ChartMetadata } {
  const base = path.posix.normalize(chartPath.replace(/^\.?\/*/, ''));
  if (base.startsWith('..')) {
    throw new Error(`path '${chartPath}' is outside the source`);
  }
  const prefix = base === '.' ? '' : `${base.replace(/\/+$/, '')}/`;
  const files = [...unpackTarGz(archive)].filter(([name]) =>
    name.startsWith(prefix),
  );
  const chartYaml = files.find(([name]) => name === `${prefix}Chart.yaml`);
  if (!chartYaml) {
    throw new Error(
      `path '${chartPath}' not found or not a chart: Chart.yaml file is missing`,
    );
  }
  const metadata = metadataOf(chartYaml[1].toString('utf8'));
  const data = packTarGz(
    new Map(
      files.map(([name, content]) => [
        `${metadata.name}/${name.slice(prefix.length)}`,
        content,
      ]),
    ),
    0,
  );
  return { data, metadata };
}
