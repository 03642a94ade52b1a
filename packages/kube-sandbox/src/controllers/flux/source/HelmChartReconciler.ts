import { readFile } from 'node:fs/promises';
import { SandboxApi } from '../../../api/SandboxApi';
import { objectKey } from '../../../store/objectKey';
import { KubeObject, StoreEvent } from '../../../store/types';
import { JsonMap } from '../../../util/json';
import { Artifact, ArtifactStorage, sha256Digest } from '../ArtifactStorage';
import {
  packagedChartMetadata,
  packageChartFromArchive,
} from '../chartArchive';
import {
  GIT_REPOSITORIES,
  HELM_CHARTS,
  HELM_REPOSITORIES,
  OCI_REPOSITORIES,
  SOURCE_GROUP,
} from '../fluxResources';
import {
  chartDownloadUrl,
  findChartVersion,
  parseHelmIndex,
} from './helmIndex';
import { httpGet } from './httpGet';
import { pullOciArtifact } from './ociPull';
import { SourceFailure, step } from './SourceFailure';
import { Fetched, storeArtifact, timeoutOf } from './SourceKind';
import { SourceReconciler, SourceReconcilerOptions } from './SourceReconciler';

/** The resources a chart's `sourceRef` may name, by kind. */
const SOURCES: Record<string, string> = {
  HelmRepository: HELM_REPOSITORIES,
  GitRepository: GIT_REPOSITORIES,
  OCIRepository: OCI_REPOSITORIES,
};
const SOURCE_KINDS = Object.fromEntries(
  Object.entries(SOURCES).map(([kind, resource]) => [resource, kind]),
);

/** A chart being built: the HelmChart, its source and the status fields every outcome has. */
interface Build {
  chart: KubeObject;
  source: KubeObject;
  chartName: string;
  observed: JsonMap;
}

/** How a HelmChart's artifact is built from its source. */
class ChartBuilder {
  readonly #api: SandboxApi;
  readonly #storage: ArtifactStorage;

  private constructor(options: SourceReconcilerOptions) {
    this.#api = options.api;
    this.#storage = options.storage;
  }

  static create(options: SourceReconcilerOptions): ChartBuilder {
    return new ChartBuilder(options);
  }

  upstream(chart: KubeObject): KubeObject | undefined {
    const { kind, name } = chart.spec?.sourceRef ?? {};
    return this.#api.store.get(
      SOURCES[kind] ?? '',
      chart.metadata.namespace!,
      name,
    );
  }

  /** Charts built from a source follow it. */
  chartsOf(event: StoreEvent): string[] {
    const kind = SOURCE_KINDS[event.resourceKey];
    if (!kind || event.type === 'DELETED') {
      return [];
    }
    return this.#api.store
      .list(HELM_CHARTS, event.namespace)
      .filter(
        c =>
          c.spec?.sourceRef?.kind === kind &&
          c.spec?.sourceRef?.name === event.name,
      )
      .map(c => objectKey(event.namespace, c.metadata.name!));
  }

  async build(chart: KubeObject): Promise<Fetched> {
    const { kind, name } = chart.spec?.sourceRef ?? {};
    const source = this.upstream(chart);
    if (!source) {
      throw new SourceFailure(
        'SourceUnavailable',
        `failed to get source: ${kind}.${SOURCE_GROUP} "${name}" not found`,
      );
    }
    const chartName = String(chart.spec?.chart ?? '');
    const build: Build = {
      chart,
      source,
      chartName,
      observed: {
        observedChartName: chartName,
        ...(source.status?.artifact
          ? { observedSourceArtifactRevision: source.status.artifact.revision }
          : {}),
      },
    };
    if (kind === 'HelmRepository' && source.spec?.type === 'oci') {
      return this.#pullOciChart(build);
    }
    // The last good artifact of a failing source still builds charts, as in Flux.
    const sourceArtifact: Artifact | undefined = source.status?.artifact;
    if (!this.#storage.has(sourceArtifact)) {
      throw new SourceFailure(
        'NoSourceArtifact',
        `no artifact available for ${kind} source '${name}'`,
      );
    }
    const sourceData = await readFile(this.#storage.localPath(sourceArtifact!));
    return kind === 'GitRepository'
      ? this.#packageChart(build, sourceArtifact!, sourceData)
      : this.#pullIndexedChart(build, sourceData);
  }

  /** Packages the chart at `spec.chart` of a GitRepository's tarball. */
  async #packageChart(
    { chart, chartName, observed }: Build,
    sourceArtifact: Artifact,
    sourceData: Buffer,
  ): Promise<Fetched> {
    const packaged = await step(
      'ChartPackageError',
      'chart package error',
      () => packageChartFromArchive(sourceData, chartName),
    );
    const { version } = packaged.metadata;
    const revision =
      chart.spec?.reconcileStrategy === 'Revision'
        ? `${version}+${sourceArtifact.revision.split(':').pop()!.slice(0, 12)}`
        : version;
    return {
      reason: 'ChartPackageSucceeded',
      message: `packaged '${packaged.metadata.name}' chart with version '${revision}'`,
      artifact: await storeArtifact(this.#storage, chart, {
        file: `${packaged.metadata.name}-${revision}.tgz`,
        revision,
        data: packaged.data,
      }),
      status: { ...observed, observedChartName: packaged.metadata.name },
    };
  }

  /** Downloads the chart version a HelmRepository's index resolves `spec.version` to. */
  async #pullIndexedChart(build: Build, index: Buffer): Promise<Fetched> {
    const { chart, source, chartName, observed } = build;
    const entry = await step(
      'InvalidChartReference',
      'invalid chart reference: failed to get chart version for remote reference',
      () =>
        findChartVersion(parseHelmIndex(index), chartName, chart.spec?.version),
    );
    const current: Artifact | undefined = chart.status?.artifact;
    const pulled = {
      reason: 'ChartPullSucceeded',
      message: `pulled '${chartName}' chart with version '${entry.version}'`,
      status: observed,
    };
    if (
      current?.revision === entry.version &&
      chart.status?.observedChartName === chartName &&
      this.#storage.has(current)
    ) {
      return { ...pulled, artifact: current };
    }
    const data = await step(
      'ChartPullError',
      'chart pull error: failed to download chart for remote reference',
      async () => {
        const { body } = await httpGet(
          chartDownloadUrl(entry, String(source.spec?.url ?? '')),
          { timeoutMs: timeoutOf(source) },
        );
        if (entry.digest && `sha256:${entry.digest}` !== sha256Digest(body)) {
          throw new Error(
            `digest mismatch: the index says ${
              entry.digest
            }, the chart is ${sha256Digest(body)}`,
          );
        }
        packagedChartMetadata(body);
        return body;
      },
    );
    return {
      ...pulled,
      artifact: await storeArtifact(this.#storage, chart, {
        file: `${chartName}-${entry.version}.tgz`,
        revision: entry.version,
        data,
      }),
    };
  }

  /** Pulls `<url>/<chart>` from an OCI HelmRepository, `spec.version` an exact tag or a range. */
  async #pullOciChart(build: Build): Promise<Fetched> {
    const { chart, source: repository, chartName, observed } = build;
    const range: string | undefined = chart.spec?.version;
    const exact = range && /^v?\d+\.\d+\.\d+([-+].*)?$/.test(range);
    const pulled = await step(
      'ChartPullError',
      'chart pull error: failed to download chart for remote reference',
      () =>
        pullOciArtifact({
          url: `${String(repository.spec?.url ?? '').replace(
            /\/+$/,
            '',
          )}/${chartName}`,
          ref: exact ? { tag: range } : { semver: range || '*' },
          insecure: repository.spec?.insecure,
          layerMediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip',
          timeoutMs: timeoutOf(repository),
        }),
    );
    const { version } = packagedChartMetadata(pulled.layer);
    return {
      reason: 'ChartPullSucceeded',
      message: `pulled '${chartName}' chart with version '${version}'`,
      artifact: await storeArtifact(this.#storage, chart, {
        file: `${chartName}-${version}.tgz`,
        revision: version,
        data: pulled.layer,
      }),
      status: observed,
    };
  }
}

/**
 * source-controller's HelmChart reconciler: resolves `spec.version` (a semver range) against
 * its HelmRepository's index and downloads the chart `.tgz` (relative URLs against the
 * repository's), pulls it from an OCI HelmRepository, or packages the chart at `spec.chart` of
 * a GitRepository's tarball. A chart is built again when its source's artifact changes.
 */
export function createHelmChartReconciler(
  options: SourceReconcilerOptions,
): SourceReconciler {
  const builder = ChartBuilder.create(options);
  return SourceReconciler.create({
    ...options,
    kind: {
      kind: 'HelmChart',
      resource: HELM_CHARTS,
      failureType: 'BuildFailed',
      fetch: chart => builder.build(chart),
      upstreamRevision: chart =>
        builder.upstream(chart)?.status?.artifact?.revision,
      dependentKeys: event => builder.chartsOf(event),
    },
  });
}
