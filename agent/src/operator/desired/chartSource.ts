import { KubernetesObject } from '@kubernetes/client-node';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import {
  childLabels,
  controllerReference,
} from '../../styrminDeployment/labels';

export const FLUX_SOURCE_API_VERSION = 'source.toolkit.fluxcd.io/v1';

/** How often Flux looks at a source again; a driver version's chart never changes. */
const SOURCE_INTERVAL = '10m';

/** The Flux source kinds a chart comes from. */
export const CHART_SOURCE_KINDS = [
  'HelmRepository',
  'OCIRepository',
  'GitRepository',
] as const;

/** @public */
export type ChartSourceKind = (typeof CHART_SOURCE_KINDS)[number];

export interface ChartSourceOptions {
  /**
   * Where the agent serves, as Helm repositories, the charts that drivers ship in their own
   * directory: `<driverChartsUrl>/<driver name>/<digest hex>` holds the chart of that
   * driver version (for example
   * `http://styrmin-agent.styrmin-system.svc.cluster.local:8080/charts`).
   */
  driverChartsUrl: string;
}

/** The HelmRelease's reference to its chart: `chart.spec` from a source, or `chartRef`. */
export type HelmReleaseChart =
  | {
      chart: {
        spec: {
          chart: string;
          version: string;
          sourceRef: { kind: ChartSourceKind; name: string };
          interval: string;
        };
      };
    }
  | { chartRef: { kind: 'OCIRepository'; name: string } };

export interface DesiredChartSource {
  kind: ChartSourceKind;
  object: KubernetesObject & { spec: Record<string, unknown> };
  helmReleaseChart: HelmReleaseChart;
}

/**
 * A git ref as Flux's GitRepository takes it: a full commit hash is a commit, a full
 * reference (`refs/...`) is a name, a version (`v1.2.3`, `1.2.3-rc.1`) is a tag, and
 * anything else a branch. Drivers should pin a tag or a commit: a branch moves.
 */
export function gitRepositoryRef(ref: string): Record<string, string> {
  if (/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(ref)) {
    return { commit: ref };
  }
  if (ref.startsWith('refs/')) {
    return { name: ref };
  }
  if (/^v?\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]*)?$/.test(ref)) {
    return { tag: ref };
  }
  return { branch: ref };
}

/**
 * The Flux source of the deployment's chart, in the StyrminDeployment's namespace and owned by
 * it, and how the HelmRelease refers to it:
 * - `repository`: a HelmRepository of the URL;
 * - `oci`: an OCIRepository of `<url>/<chart>` at the chart version (Flux's way for OCI
 *   charts), which the HelmRelease names in `chartRef`;
 * - `git`: a GitRepository at the driver's ref, the chart being its directory;
 * - `directory`: a HelmRepository of the agent's own chart server, which serves the chart of
 *   the driver version's bundle under its content digest, so that one URL always means the
 *   same chart.
 */
export function desiredChartSource(
  deployment: StyrminDeployment,
  options: ChartSourceOptions,
): DesiredChartSource {
  const { chart, driver } = deployment.spec;
  const name = deployment.metadata!.name!;
  const object = (kind: ChartSourceKind, spec: Record<string, unknown>) => ({
    apiVersion: FLUX_SOURCE_API_VERSION,
    kind,
    metadata: {
      name,
      namespace: deployment.metadata!.namespace,
      labels: childLabels(deployment),
      ownerReferences: [controllerReference(deployment)],
    },
    spec: { interval: SOURCE_INTERVAL, ...spec },
  });
  const fromSource = (kind: ChartSourceKind, chartPath: string) => ({
    chart: {
      spec: {
        chart: chartPath,
        version: chart.version,
        sourceRef: { kind, name },
        interval: SOURCE_INTERVAL,
      },
    },
  });

  const source = chart.source;
  switch (source.type) {
    case 'repository':
      return {
        kind: 'HelmRepository',
        object: object('HelmRepository', { url: source.url }),
        helmReleaseChart: fromSource('HelmRepository', chart.chart),
      };
    case 'oci':
      return {
        kind: 'OCIRepository',
        object: object('OCIRepository', {
          url: `${source.url.replace(/\/+$/, '')}/${chart.chart}`,
          ref: { tag: chart.version },
          layerSelector: {
            mediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip',
            operation: 'copy',
          },
        }),
        helmReleaseChart: { chartRef: { kind: 'OCIRepository', name } },
      };
    case 'git':
      return {
        kind: 'GitRepository',
        object: object('GitRepository', {
          url: source.url,
          ref: gitRepositoryRef(source.ref),
        }),
        helmReleaseChart: fromSource('GitRepository', `./${source.path}`),
      };
    case 'directory':
      return {
        kind: 'HelmRepository',
        object: object('HelmRepository', {
          url: driverChartUrl(options.driverChartsUrl, driver),
        }),
        helmReleaseChart: fromSource('HelmRepository', chart.chart),
      };
    default: {
      // The spec is validated; a new kind of source must be added here too.
      const unknown: never = source;
      throw new Error(`Unknown chart source ${JSON.stringify(unknown)}`);
    }
  }
}

/** The Helm repository URL under which the agent serves a driver version's own chart. */
export function driverChartUrl(
  driverChartsUrl: string,
  driver: { name: string; digest: string },
): string {
  return `${driverChartsUrl.replace(/\/+$/, '')}/${
    driver.name
  }/${driver.digest.replace(/^sha256:/, '')}`;
}
