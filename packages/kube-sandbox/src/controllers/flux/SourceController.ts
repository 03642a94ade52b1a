import { readFile } from 'node:fs/promises';
import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, StoreEvent } from '../../store/types';
import { goDurationMs } from '../../util/goDuration';
import { clone, deepEqual, JsonMap } from '../../util/json';
import { Condition, setCondition } from '../conditions';
import { Reconciler, ReconcileResult } from '../Controller';
import { Artifact, ArtifactStorage, sha256Digest } from './ArtifactStorage';
import { packagedChartMetadata, packageChartFromArchive } from './chartArchive';
import { checkOutGit } from './gitCheckout';
import {
  chartDownloadUrl,
  findChartVersion,
  parseHelmIndex,
  storedIndex,
} from './helmIndex';
import { httpGet } from './httpGet';
import { pullOciArtifact } from './ociPull';

const GROUP = 'source.toolkit.fluxcd.io';
const MANAGER = 'source-controller';
const KINDS: Record<string, string> = {
  [`${GROUP}/helmrepositories`]: 'HelmRepository',
  [`${GROUP}/ocirepositories`]: 'OCIRepository',
  [`${GROUP}/gitrepositories`]: 'GitRepository',
  [`${GROUP}/helmcharts`]: 'HelmChart',
};
const PLURALS = Object.fromEntries(
  Object.entries(KINDS).map(([key, kind]) => [kind, key]),
);
const REQUESTED_AT = 'reconcile.fluxcd.io/requestedAt';
/** Failures Flux does not expect to go away without a spec change: the source is Stalled. */
const STALLING_REASONS = ['URLInvalid', 'InvalidChartReference'];
const DEFAULT_INTERVAL_MS = 600_000;
const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * The first retry after a failure; each next one waits twice as long, up to the interval or
 * MAX_RETRY_MS, so that a chart server back after a restart is found again within seconds.
 */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/** Why a source has no new artifact: Ready False (and FetchFailed or BuildFailed) with this reason. */
class SourceFailure extends Error {
  readonly reason: string;

  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Runs a step; its failure becomes a SourceFailure with Flux's reason and wording. */
async function step<T>(
  reason: string,
  prefix: string,
  run: () => Promise<T> | T,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SourceFailure) {
      throw error;
    }
    throw new SourceFailure(reason, `${prefix}: ${(error as Error).message}`);
  }
}

/** A successful fetch: Ready's reason and message, the artifact, extra status fields. */
interface Fetched {
  reason: string;
  message: string;
  artifact?: Artifact;
  status?: JsonMap;
}

/** The last attempt at a source: what it depended on, and when the next one is due. */
interface Attempt {
  signature: string;
  nextAt: number;
  failures: number;
}

/**
 * The source-controller stand-in, fetching as Flux does:
 * - HelmRepository (default type): GETs `<url>/index.yaml` over HTTP(S) and stores the index
 *   (revision: the digest of its sorted entries); `type: oci` only records Ready;
 * - GitRepository: checks the `ref` out with the real `git` and stores a tarball of it;
 * - OCIRepository: pulls the artifact's layer with the OCI distribution API;
 * - HelmChart: resolves `spec.version` (a semver range) against its HelmRepository's index
 *   and downloads the chart `.tgz` (relative URLs against the repository's), pulls it from an
 *   OCI HelmRepository, or packages the chart at `spec.chart` of a GitRepository's tarball.
 * Artifacts go to an ArtifactStorage, from which the helm-controller stand-in renders. A
 * source is fetched again after `spec.interval`, when its spec changes (generation), on a
 * `reconcile.fluxcd.io/requestedAt` request, when its stored artifact is gone, and, for a
 * HelmChart, when its source's artifact changes; failures are retried sooner, with backoff.
 * A failure is a condition (Ready False, FetchFailed or BuildFailed) that keeps the last good
 * artifact, never an exception.
 */
export class SourceController implements Reconciler {
  readonly name = 'flux-source-controller';
  readonly #api: SandboxApi;
  readonly #storage: ArtifactStorage;
  readonly #attempts = new Map<string, Attempt>();

  private constructor(api: SandboxApi, storage: ArtifactStorage) {
    this.#api = api;
    this.#storage = storage;
  }

  static create(options: {
    api: SandboxApi;
    storage: ArtifactStorage;
  }): SourceController {
    return new SourceController(options.api, options.storage);
  }

  keysFor(event: StoreEvent): string[] {
    const kind = KINDS[event.resourceKey];
    if (!kind) {
      return [];
    }
    const key = `${kind}|${event.namespace}/${event.name}`;
    if (kind === 'HelmChart' || event.type === 'DELETED') {
      return [key];
    }
    // Charts built from this source follow it.
    const charts = this.#api.store
      .list(PLURALS.HelmChart, event.namespace)
      .filter(
        c =>
          c.spec?.sourceRef?.kind === kind &&
          c.spec?.sourceRef?.name === event.name,
      )
      .map(c => `HelmChart|${event.namespace}/${c.metadata.name}`);
    return [key, ...charts];
  }

  initialKeys(): string[] {
    return Object.entries(KINDS).flatMap(([key, kind]) =>
      this.#api.store
        .list(key)
        .map(o => `${kind}|${o.metadata.namespace}/${o.metadata.name}`),
    );
  }

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const [kind, location] = key.split('|');
    const [namespace, name] = location.split('/');
    const source = this.#api.store.get(PLURALS[kind], namespace, name);
    if (!source) {
      // Deleted: its artifacts go too.
      this.#attempts.delete(key);
      await this.#storage.remove(kind, namespace, name);
      return undefined;
    }
    if (source.metadata.deletionTimestamp || source.spec?.suspend) {
      return undefined;
    }
    const signature = this.#signature(kind, source);
    const previous = this.#attempts.get(key);
    const artifactLost =
      source.status?.artifact && !this.#storage.has(source.status.artifact);
    if (
      previous?.signature === signature &&
      Date.now() < previous.nextAt &&
      !artifactLost
    ) {
      return { requeueAfterMs: previous.nextAt - Date.now() };
    }

    let outcome: Fetched | SourceFailure;
    try {
      outcome = await this.#fetch(kind, source);
    } catch (error) {
      outcome =
        error instanceof SourceFailure
          ? error
          : new SourceFailure('Failed', (error as Error).message);
    }
    const failures =
      outcome instanceof SourceFailure ? (previous?.failures ?? 0) + 1 : 0;
    const interval = goDurationMs(source.spec?.interval, DEFAULT_INTERVAL_MS);
    const delay = failures
      ? Math.min(interval, MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1))
      : interval;
    this.#attempts.set(key, {
      signature,
      nextAt: Date.now() + delay,
      failures,
    });
    this.#writeStatus(kind, source, outcome);
    return { requeueAfterMs: delay };
  }

  /** What a fetch depends on besides time: the spec, a requested reconcile, the upstream artifact. */
  #signature(kind: string, source: KubeObject): string {
    return JSON.stringify([
      source.metadata.generation,
      source.metadata.annotations?.[REQUESTED_AT],
      kind === 'HelmChart'
        ? this.#upstream(source)?.status?.artifact?.revision
        : undefined,
    ]);
  }

  #upstream(chart: KubeObject): KubeObject | undefined {
    const { kind, name } = chart.spec?.sourceRef ?? {};
    return this.#api.store.get(
      PLURALS[kind] ?? '',
      chart.metadata.namespace!,
      name,
    );
  }

  #writeStatus(
    kind: string,
    fetched: KubeObject,
    outcome: Fetched | SourceFailure,
  ): void {
    const { namespace, name } = fetched.metadata;
    const current = this.#api.store.get(PLURALS[kind], namespace!, name!);
    if (!current) {
      return;
    }
    const generation = fetched.metadata.generation;
    const failureType = kind === 'HelmChart' ? 'BuildFailed' : 'FetchFailed';
    const previous: JsonMap = current.status ?? {};
    const status: JsonMap = clone(previous);
    let conditions: Condition[] = previous.conditions ?? [];
    const condition = (c: Omit<Condition, 'observedGeneration'>) => {
      conditions = setCondition(conditions, {
        ...c,
        observedGeneration: generation,
      });
    };
    if (outcome instanceof SourceFailure) {
      const failure = { reason: outcome.reason, message: outcome.message };
      condition({ type: failureType, status: 'True', ...failure });
      condition({ type: 'Ready', status: 'False', ...failure });
      // A transient failure is retried (Flux's Reconciling), a stalling one is not expected to pass.
      if (STALLING_REASONS.includes(outcome.reason)) {
        conditions = conditions.filter(c => c.type !== 'Reconciling');
        condition({ type: 'Stalled', status: 'True', ...failure });
      } else {
        conditions = conditions.filter(c => c.type !== 'Stalled');
        condition({
          type: 'Reconciling',
          status: 'True',
          reason: 'ProgressingWithRetry',
          message: `retrying: ${outcome.message}`,
        });
      }
      // The last good artifact stays, as long as it is still stored.
      if (!this.#storage.has(previous.artifact)) {
        delete status.artifact;
        delete status.url;
        conditions = conditions.filter(c => c.type !== 'ArtifactInStorage');
      }
    } else {
      conditions = conditions.filter(
        c => ![failureType, 'Stalled', 'Reconciling'].includes(c.type),
      );
      condition({
        type: 'Ready',
        status: 'True',
        reason: outcome.reason,
        message: outcome.message,
      });
      if (outcome.artifact) {
        condition({
          type: 'ArtifactInStorage',
          status: 'True',
          reason: 'Succeeded',
          message: `stored artifact: revision '${outcome.artifact.revision}'`,
        });
        const same =
          previous.artifact?.revision === outcome.artifact.revision &&
          previous.artifact?.digest === outcome.artifact.digest;
        status.artifact = same ? previous.artifact : outcome.artifact;
        status.url = outcome.artifact.url;
      } else {
        conditions = conditions.filter(c => c.type !== 'ArtifactInStorage');
        delete status.artifact;
        delete status.url;
      }
      Object.assign(status, outcome.status);
    }
    status.conditions = conditions;
    status.observedGeneration = generation;
    const requestedAt = fetched.metadata.annotations?.[REQUESTED_AT];
    if (requestedAt) {
      status.lastHandledReconcileAt = requestedAt;
    }
    if (!deepEqual(status, current.status)) {
      this.#api.update(
        this.#api.scope(`${GROUP}/v1`, kind, namespace),
        name!,
        { ...current, status },
        { subresource: 'status', fieldManager: MANAGER },
      );
    }
  }

  #fetch(kind: string, source: KubeObject): Promise<Fetched> {
    switch (kind) {
      case 'HelmRepository':
        return this.#fetchHelmRepository(source);
      case 'GitRepository':
        return this.#fetchGitRepository(source);
      case 'OCIRepository':
        return this.#fetchOciRepository(source);
      default:
        return this.#buildChart(source);
    }
  }

  /** Stores a source's artifact (replacing its previous one). */
  async #store(
    source: KubeObject,
    file: string,
    revision: string,
    data: Buffer,
  ): Promise<Artifact> {
    const { namespace, name } = source.metadata;
    return this.#storage.store({
      kind: source.kind!,
      namespace: namespace!,
      name: name!,
      file,
      revision,
      data,
    });
  }

  async #fetchHelmRepository(repository: KubeObject): Promise<Fetched> {
    if (repository.spec?.type === 'oci') {
      return { reason: 'Succeeded', message: 'Helm repository is Ready' };
    }
    const url = String(repository.spec?.url ?? '');
    if (!/^https?:\/\/[^/]/.test(url)) {
      throw new SourceFailure(
        'URLInvalid',
        `invalid Helm repository URL: unsupported scheme in '${url}'`,
      );
    }
    const { body } = await step(
      'Failed',
      'failed to fetch Helm repository index',
      () =>
        httpGet(`${url.replace(/\/+$/, '')}/index.yaml`, {
          timeoutMs: timeoutOf(repository),
        }),
    );
    const index = await step(
      'IndexationFailed',
      'failed to load Helm repository from index YAML',
      () => parseHelmIndex(body),
    );
    const { data, revision } = storedIndex(index);
    const artifact = await this.#store(
      repository,
      `index-${revision.slice('sha256:'.length)}.yaml`,
      revision,
      data,
    );
    return {
      reason: 'Succeeded',
      message: `stored artifact: revision '${revision}'`,
      artifact,
    };
  }

  async #fetchGitRepository(repository: KubeObject): Promise<Fetched> {
    const checkout = await step(
      'GitOperationFailed',
      'failed to checkout and determine revision',
      () =>
        checkOutGit(String(repository.spec?.url ?? ''), repository.spec?.ref),
    );
    const commit = checkout.revision.split(':').pop()!;
    const artifact = await this.#store(
      repository,
      `${commit}.tar.gz`,
      checkout.revision,
      checkout.archive,
    );
    return {
      reason: 'Succeeded',
      message: `stored artifact for revision '${checkout.revision}'`,
      artifact,
    };
  }

  async #fetchOciRepository(repository: KubeObject): Promise<Fetched> {
    const url = String(repository.spec?.url ?? '');
    const pulled = await step(
      'OCIArtifactPullFailed',
      `failed to pull artifact from '${url}'`,
      () =>
        pullOciArtifact({
          url,
          ref: repository.spec?.ref ?? {},
          insecure: repository.spec?.insecure,
          layerMediaType: repository.spec?.layerSelector?.mediaType,
          timeoutMs: timeoutOf(repository),
        }),
    );
    const revision = pulled.tag
      ? `${pulled.tag}@${pulled.manifestDigest}`
      : pulled.manifestDigest;
    const artifact = await this.#store(
      repository,
      `${pulled.manifestDigest.split(':').pop()}.tar.gz`,
      revision,
      pulled.layer,
    );
    return {
      reason: 'Succeeded',
      message: `stored artifact for digest '${revision}'`,
      artifact,
    };
  }

  async #buildChart(chart: KubeObject): Promise<Fetched> {
    const { kind, name } = chart.spec?.sourceRef ?? {};
    const source = this.#upstream(chart);
    if (!source) {
      throw new SourceFailure(
        'SourceUnavailable',
        `failed to get source: ${kind}.${GROUP} "${name}" not found`,
      );
    }
    const chartName = String(chart.spec?.chart ?? '');
    const observed = {
      observedChartName: chartName,
      ...(source.status?.artifact
        ? { observedSourceArtifactRevision: source.status.artifact.revision }
        : {}),
    };
    if (kind === 'HelmRepository' && source.spec?.type === 'oci') {
      return this.#pullOciChart(chart, source, observed);
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
    if (kind === 'GitRepository') {
      const packaged = await step(
        'ChartPackageError',
        'chart package error',
        () => packageChartFromArchive(sourceData, chartName),
      );
      const { version } = packaged.metadata;
      const revision =
        chart.spec?.reconcileStrategy === 'Revision'
          ? `${version}+${sourceArtifact!.revision
              .split(':')
              .pop()!
              .slice(0, 12)}`
          : version;
      return {
        reason: 'ChartPackageSucceeded',
        message: `packaged '${packaged.metadata.name}' chart with version '${revision}'`,
        artifact: await this.#store(
          chart,
          `${packaged.metadata.name}-${revision}.tgz`,
          revision,
          packaged.data,
        ),
        status: { ...observed, observedChartName: packaged.metadata.name },
      };
    }
    const entry = await step(
      'InvalidChartReference',
      'invalid chart reference: failed to get chart version for remote reference',
      () =>
        findChartVersion(
          parseHelmIndex(sourceData),
          chartName,
          chart.spec?.version,
        ),
    );
    const current: Artifact | undefined = chart.status?.artifact;
    if (
      current?.revision === entry.version &&
      chart.status?.observedChartName === chartName &&
      this.#storage.has(current)
    ) {
      return {
        reason: 'ChartPullSucceeded',
        message: `pulled '${chartName}' chart with version '${entry.version}'`,
        artifact: current,
        status: observed,
      };
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
      reason: 'ChartPullSucceeded',
      message: `pulled '${chartName}' chart with version '${entry.version}'`,
      artifact: await this.#store(
        chart,
        `${chartName}-${entry.version}.tgz`,
        entry.version,
        data,
      ),
      status: observed,
    };
  }

  async #pullOciChart(
    chart: KubeObject,
    repository: KubeObject,
    observed: JsonMap,
  ): Promise<Fetched> {
    const chartName = String(chart.spec?.chart ?? '');
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
      artifact: await this.#store(
        chart,
        `${chartName}-${version}.tgz`,
        version,
        pulled.layer,
      ),
      status: observed,
    };
  }
}

function timeoutOf(source: KubeObject): number {
  return goDurationMs(source.spec?.timeout, DEFAULT_TIMEOUT_MS);
}
