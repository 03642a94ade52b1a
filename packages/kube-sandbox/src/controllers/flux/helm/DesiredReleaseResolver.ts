import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { SandboxApi } from '../../../api/SandboxApi';
import { KubeObject } from '../../../store/types';
import { deepEqual, JsonMap } from '../../../util/json';
import { findCondition } from '../../conditions';
import { ArtifactStorage } from '../ArtifactStorage';
import { ChartMetadata, packagedChartMetadata } from '../chartArchive';
import { HELM_CHARTS, HELM_RELEASES, OCI_REPOSITORIES } from '../fluxResources';
import { composeValues } from './composeValues';
import { MANAGER } from './ownership';
import { DesiredRelease, ResolvedChart } from './ReleaseRequest';

/** Why a release cannot be attempted yet; reported as Ready False with this reason. */
export class NotReady extends Error {
  readonly reason: string;

  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

export function jsonDigest(value: unknown): string {
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(value))
    .digest('hex')}`;
}

/** `<namespace>/<name>` of the HelmChart helm-controller keeps for a release's `chart.spec`. */
export function helmChartOf(release: KubeObject): string | undefined {
  const chartSpec: JsonMap | undefined = release.spec?.chart?.spec;
  if (!chartSpec) {
    return undefined;
  }
  const namespace =
    chartSpec.sourceRef?.namespace ?? release.metadata.namespace;
  return `${namespace}/${release.metadata.namespace}-${release.metadata.name}`;
}

/** The release name helm-controller gives: `releaseName`, or from the names, hashed past 53. */
function releaseNameOf(release: KubeObject): string {
  const { metadata } = release;
  const spec: JsonMap = release.spec ?? {};
  const name: string =
    spec.releaseName ??
    (spec.targetNamespace
      ? `${spec.targetNamespace}-${metadata.name}`
      : metadata.name!);
  if (name.length <= 53) {
    return name;
  }
  return `${name.slice(0, 40)}-${createHash('sha256')
    .update(name)
    .digest('hex')
    .slice(0, 12)}`;
}

/**
 * What a HelmRelease asks for now, as helm-controller resolves it before any action: its
 * dependencies ready, the chart (through the HelmChart it keeps for `chart.spec`, or the
 * OCIRepository or HelmChart of `chartRef`) packaged in source-controller's storage, the
 * values composed, the release's name and namespace. What is not there yet is a NotReady.
 */
export class DesiredReleaseResolver {
  readonly #api: SandboxApi;
  readonly #storage: ArtifactStorage;
  /** Chart metadata by artifact digest: a stored artifact never changes. */
  readonly #metadata = new Map<string, ChartMetadata>();

  private constructor(options: { api: SandboxApi; storage: ArtifactStorage }) {
    this.#api = options.api;
    this.#storage = options.storage;
  }

  static create(options: {
    api: SandboxApi;
    storage: ArtifactStorage;
  }): DesiredReleaseResolver {
    return new DesiredReleaseResolver(options);
  }

  /** Throws NotReady (DependencyNotReady) while a `dependsOn` release is not Ready. */
  checkDependencies(release: KubeObject): void {
    for (const dependency of release.spec?.dependsOn ?? []) {
      const namespace = dependency.namespace ?? release.metadata.namespace;
      const other = this.#api.store.get(
        HELM_RELEASES,
        namespace,
        dependency.name,
      );
      const ready =
        other &&
        findCondition(other.status?.conditions, 'Ready')?.status === 'True' &&
        other.status?.observedGeneration === other.metadata.generation;
      if (!ready) {
        throw new NotReady(
          'DependencyNotReady',
          `dependency '${namespace}/${dependency.name}' is not ready`,
        );
      }
    }
  }

  /** The chart, values and names of the release the spec asks for now. */
  async resolve(release: KubeObject): Promise<DesiredRelease> {
    const { chartObject, chartRef } = this.#chartSource(release);
    const kind = release.spec?.chartRef?.kind ?? 'HelmChart';
    const ready =
      chartObject && findCondition(chartObject.status?.conditions, 'Ready');
    if (!chartObject || ready?.status !== 'True') {
      throw new NotReady(
        'ArtifactFailed',
        `${kind} '${chartRef}' is not ready${
          ready?.message ? `: ${ready.message}` : ''
        }`,
      );
    }
    let chart: ResolvedChart;
    try {
      chart = await this.#chartOf(chartObject.status?.artifact);
    } catch (error) {
      throw new NotReady('ArtifactFailed', (error as Error).message);
    }
    let values: JsonMap;
    try {
      values = composeValues(this.#api, release);
    } catch (error) {
      throw new NotReady('InitFailed', (error as Error).message);
    }
    return {
      chart,
      chartRef,
      values,
      configDigest: jsonDigest(values),
      releaseName: releaseNameOf(release),
      targetNamespace:
        release.spec?.targetNamespace ?? release.metadata.namespace,
    };
  }

  /** The object whose artifact is the chart: `chartRef`'s, or the HelmChart of `chart.spec`. */
  #chartSource(release: KubeObject): {
    chartObject: KubeObject | undefined;
    chartRef: string;
  } {
    const chartRef: JsonMap | undefined = release.spec?.chartRef;
    if (!chartRef) {
      const chartObject = this.#ensureHelmChart(release);
      return {
        chartObject,
        chartRef: `${chartObject.metadata.namespace}/${chartObject.metadata.name}`,
      };
    }
    const namespace = chartRef.namespace ?? release.metadata.namespace;
    const resource =
      chartRef.kind === 'OCIRepository' ? OCI_REPOSITORIES : HELM_CHARTS;
    return {
      chartObject: this.#api.store.get(resource, namespace, chartRef.name),
      chartRef: `${namespace}/${chartRef.name}`,
    };
  }

  /** The packaged chart of a source's artifact, from source-controller's storage. */
  async #chartOf(artifact: JsonMap | undefined): Promise<ResolvedChart> {
    if (!artifact || !this.#storage.has(artifact as { path: string })) {
      throw new Error('artifact not found in storage');
    }
    const path = this.#storage.localPath(artifact as { path: string });
    let metadata = this.#metadata.get(artifact.digest);
    if (!metadata) {
      metadata = packagedChartMetadata(await fs.readFile(path));
      this.#metadata.set(artifact.digest, metadata);
    }
    return { ...metadata, path, digest: artifact.digest };
  }

  /** The HelmChart helm-controller keeps for a `chart.spec`: `<namespace>-<name>`. */
  #ensureHelmChart(release: KubeObject): KubeObject {
    const chartSpec: JsonMap = release.spec.chart.spec;
    const [namespace, name] = helmChartOf(release)!.split('/');
    const spec = {
      chart: chartSpec.chart,
      version: chartSpec.version ?? '*',
      sourceRef: {
        kind: chartSpec.sourceRef?.kind ?? 'HelmRepository',
        name: chartSpec.sourceRef?.name,
      },
      interval: chartSpec.interval ?? release.spec.interval ?? '1m',
      reconcileStrategy: chartSpec.reconcileStrategy ?? 'ChartVersion',
      ...(chartSpec.valuesFiles ? { valuesFiles: chartSpec.valuesFiles } : {}),
    };
    const scope = this.#api.scope(
      'source.toolkit.fluxcd.io/v1',
      'HelmChart',
      namespace,
    );
    const existing = this.#api.store.get(HELM_CHARTS, namespace, name);
    if (!existing) {
      return this.#api.create(
        scope,
        { metadata: { name }, spec },
        { fieldManager: MANAGER },
      ).object;
    }
    if (!deepEqual(existing.spec, spec)) {
      return this.#api.update(
        scope,
        name,
        { ...existing, spec },
        { fieldManager: MANAGER },
      ).object;
    }
    return existing;
  }
}
