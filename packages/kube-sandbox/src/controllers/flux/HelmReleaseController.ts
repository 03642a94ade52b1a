import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { ApiError } from '../../api/ApiError';
import { SandboxApi } from '../../api/SandboxApi';
import { RequestScope } from '../../api/types';
import { KubeObject, StoreEvent } from '../../store/types';
import { ToolPaths } from '../../tools/ensureTools';
import { goDurationMs } from '../../util/goDuration';
import { clone, deepEqual, JsonMap, timestamp } from '../../util/json';
import { Condition, findCondition, setCondition } from '../conditions';
import { Reconciler, ReconcileResult } from '../Controller';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import { ArtifactStorage } from './ArtifactStorage';
import { ChartMetadata, packagedChartMetadata } from './chartArchive';
import { composeValues } from './composeValues';
import {
  driftMode,
  driftSubject,
  hasDrifted,
  withoutIgnored,
} from './driftDetection';
import { hasFailed, isHealthy } from './objectHealth';
import {
  deleteEntries,
  InventoryEntry,
  inventoryEntry,
  installOrder,
  locateEntry,
  scopeOf,
} from './releaseObjects';
import { renderRelease } from './renderRelease';

const RELEASES = 'helm.toolkit.fluxcd.io/helmreleases';
const CHARTS = 'source.toolkit.fluxcd.io/helmcharts';
const OCI_REPOSITORIES = 'source.toolkit.fluxcd.io/ocirepositories';
const FINALIZER = 'finalizers.fluxcd.io';
const MANAGER = 'helm-controller';
const NAME_LABEL = 'helm.toolkit.fluxcd.io/name';
const NAMESPACE_LABEL = 'helm.toolkit.fluxcd.io/namespace';
const MAX_HISTORY = 5;

type Action = 'install' | 'upgrade';

/** Why a release cannot be attempted yet; reported as Ready False with this reason. */
class NotReady extends Error {
  readonly reason: string;

  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The chart of a release: the packaged chart in source-controller's storage. */
interface ResolvedChart extends ChartMetadata {
  /** The `.tgz` that helm renders. */
  path: string;
  /** The artifact's `sha256:<hex>`. */
  digest: string;
}

interface Desired {
  chart: ResolvedChart;
  chartRef: string;
  values: JsonMap;
  configDigest: string;
  releaseName: string;
  targetNamespace: string;
}

/** `<namespace>/<name>` of the HelmChart helm-controller keeps for a release's `chart.spec`. */
function helmChartOf(release: KubeObject): string | undefined {
  const chartSpec: JsonMap | undefined = release.spec?.chart?.spec;
  if (!chartSpec) {
    return undefined;
  }
  const namespace =
    chartSpec.sourceRef?.namespace ?? release.metadata.namespace;
  return `${namespace}/${release.metadata.namespace}-${release.metadata.name}`;
}

function digest(value: unknown): string {
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(value))
    .digest('hex')}`;
}

/**
 * The helm-controller stand-in. For a HelmRelease it resolves the chart (through a HelmChart it
 * creates for `chart.spec`, or the OCIRepository or HelmChart of `chartRef`) to the packaged
 * chart source-controller stored, waits for `dependsOn`, composes the values, renders with the
 * real `helm template` and the post-renderers' kustomize patches, applies the objects
 * (server-side, labelled as Flux labels them), prunes what the previous revision had and this
 * one does not, then waits for the objects to become ready within `timeout`. Conditions
 * (Ready, Released, Reconciling, Stalled), history, inventory, failure counts and remediation
 * retries follow helm-controller v2, and so does drift detection at each `interval`. Not
 * covered: Helm release Secrets, tests, rollback and uninstall remediation.
 */
export class HelmReleaseController implements Reconciler {
  readonly name = 'flux-helm-controller';
  readonly #api: SandboxApi;
  readonly #storage: ArtifactStorage;
  /** Chart metadata by artifact digest: a stored artifact never changes. */
  readonly #metadata = new Map<string, ChartMetadata>();
  readonly #tools: () => Promise<ToolPaths>;
  /** When the running attempt of each release times out (ms). */
  readonly #deadlines = new Map<string, number>();
  /** When each release's objects were last checked for drift (ms). */
  readonly #driftCheckedAt = new Map<string, number>();

  private constructor(options: {
    api: SandboxApi;
    storage: ArtifactStorage;
    tools: () => Promise<ToolPaths>;
  }) {
    this.#api = options.api;
    this.#storage = options.storage;
    this.#tools = options.tools;
  }

  static create(options: {
    api: SandboxApi;
    storage: ArtifactStorage;
    tools: () => Promise<ToolPaths>;
  }): HelmReleaseController {
    return new HelmReleaseController(options);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === RELEASES) {
      // Releases that depend on this one may go on.
      const dependents = this.#api.store
        .list(RELEASES)
        .filter(r =>
          (r.spec?.dependsOn ?? []).some(
            (d: JsonMap) =>
              d.name === event.name &&
              (d.namespace ?? r.metadata.namespace) === event.namespace,
          ),
        )
        .map(r => objectKey(r.metadata.namespace, r.metadata.name!));
      return [objectKey(event.namespace, event.name), ...dependents];
    }
    if (
      event.resourceKey === CHARTS ||
      event.resourceKey === OCI_REPOSITORIES
    ) {
      const kind = event.resourceKey === CHARTS ? 'HelmChart' : 'OCIRepository';
      return this.#api.store
        .list(RELEASES)
        .filter(r =>
          kind === 'HelmChart'
            ? helmChartOf(r) === `${event.namespace}/${event.name}` ||
              r.status?.helmChart === `${event.namespace}/${event.name}` ||
              (r.spec?.chartRef?.kind === kind &&
                r.spec.chartRef.name === event.name)
            : r.spec?.chartRef?.kind === kind &&
              r.spec.chartRef.name === event.name,
        )
        .map(r => objectKey(r.metadata.namespace, r.metadata.name!));
    }
    const labels = event.object.metadata.labels;
    return labels?.[NAME_LABEL] && labels[NAMESPACE_LABEL]
      ? [objectKey(labels[NAMESPACE_LABEL], labels[NAME_LABEL])]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(RELEASES)
      .map(r => objectKey(r.metadata.namespace, r.metadata.name!));
  }

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const { namespace, name } = splitObjectKey(key);
    const release = this.#api.store.get(RELEASES, namespace, name);
    if (!release) {
      this.#deadlines.delete(key);
      this.#driftCheckedAt.delete(key);
      return undefined;
    }
    const scope = this.#api.scope(
      'helm.toolkit.fluxcd.io/v2',
      'HelmRelease',
      namespace,
    );
    if (release.metadata.deletionTimestamp) {
      this.#uninstall(scope, release);
      return undefined;
    }
    if (!release.metadata.finalizers?.includes(FINALIZER)) {
      const next = clone(release);
      next.metadata.finalizers = [
        ...(next.metadata.finalizers ?? []),
        FINALIZER,
      ];
      this.#api.update(scope, name, next, { fieldManager: MANAGER });
      return undefined;
    }
    if (release.spec?.suspend) {
      return undefined;
    }
    let desired: Desired;
    try {
      this.#checkDependencies(release);
      desired = await this.#desired(release);
    } catch (error) {
      if (error instanceof NotReady) {
        this.#writeStatus(scope, release, status =>
          this.#conditions(status, release, {
            type: 'Ready',
            status: 'False',
            reason: error.reason,
            message: error.message,
          }),
        );
        return error.reason === 'DependencyNotReady'
          ? { requeueAfterMs: 100 }
          : undefined;
      }
      throw error;
    }
    const status: JsonMap = release.status ?? {};
    const latest: JsonMap | undefined = status.history?.[0];
    const changed =
      status.lastAttemptedConfigDigest !== desired.configDigest ||
      status.lastAttemptedRevision !== desired.chart.version ||
      status.lastAttemptedRevisionDigest !== desired.chart.digest ||
      status.lastAttemptedGeneration !== release.metadata.generation ||
      (release.metadata.annotations?.['reconcile.fluxcd.io/forceAt'] ??
        undefined) !== status.lastHandledForceAt;
    if (changed) {
      return this.#release(
        key,
        scope,
        release,
        desired,
        latest?.status === 'deployed' || latest?.status === 'superseded'
          ? 'upgrade'
          : 'install',
      );
    }
    if (String(latest?.status ?? '').startsWith('pending-')) {
      return this.#checkHealth(key, scope, release, desired);
    }
    const action = status.lastAttemptedReleaseAction as Action | undefined;
    const failures =
      action === 'upgrade'
        ? status.upgradeFailures ?? 0
        : status.installFailures ?? 0;
    const stalled =
      findCondition(status.conditions, 'Stalled')?.status === 'True';
    const failed =
      findCondition(status.conditions, 'Ready')?.status === 'False';
    if (action && failed && !stalled && failures > 0) {
      // A retry left by the remediation strategy.
      return this.#release(
        key,
        scope,
        release,
        desired,
        latest?.status === 'deployed' ? 'upgrade' : action,
      );
    }
    if (latest?.status === 'deployed' && driftMode(release) !== 'disabled') {
      return this.#detectDrift(key, release, desired);
    }
    return undefined;
  }

  /**
   * Drift detection at each `spec.interval` (and on a `reconcile.fluxcd.io/requestedAt`
   * request), as helm-controller runs it: the release's objects are rendered again and each
   * is compared with the cluster through a server-side apply dry run; a change or a deletion is
   * reported by a DriftDetected event and, with mode `enabled`, corrected by applying the
   * drifted objects again (a DriftCorrected event), without a new Helm release.
   */
  async #detectDrift(
    key: string,
    release: KubeObject,
    desired: Desired,
  ): Promise<ReconcileResult> {
    const interval = goDurationMs(release.spec?.interval, 600_000);
    const requestedAt =
      release.metadata.annotations?.['reconcile.fluxcd.io/requestedAt'];
    const checkedAt =
      this.#driftCheckedAt.get(key) ??
      Date.parse(release.status?.history?.[0]?.lastDeployed ?? timestamp());
    const requested =
      requestedAt !== undefined &&
      requestedAt !== release.status?.lastHandledReconcileAt;
    if (!requested && Date.now() < checkedAt + interval) {
      return { requeueAfterMs: checkedAt + interval - Date.now() };
    }
    this.#driftCheckedAt.set(key, Date.now());
    const objects = await this.#render(release, desired, 'upgrade');
    const drifted: Array<{
      body: KubeObject;
      scope: RequestScope;
      change: string;
    }> = [];
    for (const object of installOrder(objects)) {
      const { scope, body } = this.#appliedBody(release, desired, object);
      const name = body.metadata.name!;
      const live = this.#api.store.get(
        `${scope.type.group}/${scope.type.plural}`,
        scope.namespace ?? '',
        name,
      );
      const subject = driftSubject({ ...body, kind: scope.type.kind });
      if (!live) {
        drifted.push({ body, scope, change: `${subject} removed` });
        continue;
      }
      const reapplied = this.#api.patch(scope, name, 'apply', body, {
        fieldManager: MANAGER,
        force: true,
        dryRun: true,
      }).object;
      if (hasDrifted(release, live, reapplied)) {
        drifted.push({ body, scope, change: `${subject} changed` });
      }
    }
    const latest = release.status?.history?.[0];
    const releaseName = `${desired.targetNamespace}/${desired.releaseName}.v${latest?.version}`;
    if (drifted.length > 0) {
      this.#event(
        release,
        'Warning',
        'DriftDetected',
        `Cluster state of release ${releaseName} has drifted from the desired state:\n${drifted
          .map(d => d.change)
          .join('\n')}`,
      );
    }
    if (drifted.length > 0 && driftMode(release) === 'enabled') {
      const corrected = drifted.map(({ body, scope, change }) => {
        this.#api.patch(
          scope,
          body.metadata.name!,
          'apply',
          withoutIgnored(release, body),
          { fieldManager: MANAGER, force: true },
        );
        return change.endsWith('removed')
          ? change.replace(/removed$/, 'created')
          : change.replace(/changed$/, 'configured');
      });
      this.#event(
        release,
        'Normal',
        'DriftCorrected',
        `Cluster state of release ${releaseName} has been corrected:\n${corrected.join(
          '\n',
        )}`,
      );
    }
    if (requested) {
      this.#writeStatus(
        this.#api.scope(
          'helm.toolkit.fluxcd.io/v2',
          'HelmRelease',
          release.metadata.namespace,
        ),
        release,
        status => {
          status.lastHandledReconcileAt = requestedAt;
          return status.conditions;
        },
      );
    }
    return { requeueAfterMs: interval };
  }

  /** Records an Event about a release, as helm-controller's event recorder does. */
  #event(
    release: KubeObject,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
  ): void {
    const now = timestamp();
    this.#api.create(
      this.#api.scope('v1', 'Event', release.metadata.namespace),
      {
        metadata: {
          name: `${release.metadata.name}.${randomBytes(8).toString('hex')}`,
        },
        involvedObject: {
          apiVersion: 'helm.toolkit.fluxcd.io/v2',
          kind: 'HelmRelease',
          name: release.metadata.name,
          namespace: release.metadata.namespace,
          uid: release.metadata.uid,
          resourceVersion: release.metadata.resourceVersion,
        },
        type,
        reason,
        message,
        source: { component: MANAGER },
        reportingComponent: MANAGER,
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
      },
      { fieldManager: MANAGER },
    );
  }

  #checkDependencies(release: KubeObject): void {
    for (const dependency of release.spec?.dependsOn ?? []) {
      const namespace = dependency.namespace ?? release.metadata.namespace;
      const other = this.#api.store.get(RELEASES, namespace, dependency.name);
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

  /** The chart, values and names of the release the spec asks for now. */
  async #desired(release: KubeObject): Promise<Desired> {
    const { namespace, name } = release.metadata;
    const spec: JsonMap = release.spec ?? {};
    let chartObject: KubeObject | undefined;
    let chartRef: string;
    if (spec.chartRef) {
      const refNamespace = spec.chartRef.namespace ?? namespace;
      const plural =
        spec.chartRef.kind === 'OCIRepository' ? OCI_REPOSITORIES : CHARTS;
      chartObject = this.#api.store.get(
        plural,
        refNamespace,
        spec.chartRef.name,
      );
      chartRef = `${refNamespace}/${spec.chartRef.name}`;
    } else {
      chartObject = this.#ensureHelmChart(release);
      chartRef = `${chartObject.metadata.namespace}/${chartObject.metadata.name}`;
    }
    const kind = spec.chartRef?.kind ?? 'HelmChart';
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
    const targetNamespace: string = spec.targetNamespace ?? namespace;
    let releaseName: string =
      spec.releaseName ??
      (spec.targetNamespace ? `${spec.targetNamespace}-${name}` : name!);
    if (releaseName.length > 53) {
      releaseName = `${releaseName.slice(0, 40)}-${createHash('sha256')
        .update(releaseName)
        .digest('hex')
        .slice(0, 12)}`;
    }
    return {
      chart,
      chartRef,
      values,
      configDigest: digest(values),
      releaseName,
      targetNamespace,
    };
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
    const existing = this.#api.store.get(CHARTS, namespace, name);
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

  async #release(
    key: string,
    scope: RequestScope,
    release: KubeObject,
    desired: Desired,
    action: Action,
  ): Promise<ReconcileResult | undefined> {
    const timeoutText: string = release.spec.timeout ?? '5m0s';
    const progressing = `Running '${action}' action with timeout of ${timeoutText}`;
    const previous: JsonMap = release.status ?? {};
    const resetFailures =
      previous.lastAttemptedGeneration !== release.metadata.generation;
    let current = this.#writeStatus(scope, release, status => {
      status.lastAttemptedReleaseAction = action;
      status.lastAttemptedRevision = desired.chart.version;
      status.lastAttemptedRevisionDigest = desired.chart.digest;
      status.lastAttemptedConfigDigest = desired.configDigest;
      status.lastAttemptedGeneration = release.metadata.generation;
      status.helmChart = release.spec.chartRef ? undefined : desired.chartRef;
      status.storageNamespace =
        release.spec.storageNamespace ?? release.metadata.namespace;
      if (resetFailures) {
        delete status.installFailures;
        delete status.upgradeFailures;
      }
      const forceAt =
        release.metadata.annotations?.['reconcile.fluxcd.io/forceAt'];
      if (forceAt) {
        status.lastHandledForceAt = forceAt;
      }
      let conditions = this.#conditions(status, release, {
        type: 'Reconciling',
        status: 'True',
        reason: 'Progressing',
        message: progressing,
      });
      conditions = this.#conditions({ ...status, conditions }, release, {
        type: 'Ready',
        status: 'Unknown',
        reason: 'Progressing',
        message: progressing,
      });
      return conditions;
    });

    let objects: KubeObject[];
    try {
      objects = await this.#render(current, desired, action);
      current =
        this.#api.store.get(
          RELEASES,
          current.metadata.namespace!,
          current.metadata.name!,
        ) ?? current;
      this.#apply(current, desired, objects, action);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.status.message ?? error.message
          : (error as Error).message;
      return this.#fail(key, scope, current, desired, action, message, false);
    }

    const entries = installOrder(objects).map(o =>
      inventoryEntry(this.#normalized(o, desired)),
    );
    const previousEntries: InventoryEntry[] =
      current.status?.inventory?.entries ?? [];
    deleteEntries(
      this.#api,
      previousEntries.filter(old => !entries.some(e => e.id === old.id)),
    );
    const latest = current.status?.history?.[0];
    const now = timestamp();
    this.#writeStatus(scope, current, status => {
      status.inventory = { entries };
      status.history = [
        {
          chartName: desired.chart.name,
          chartVersion: desired.chart.version,
          ...(desired.chart.appVersion
            ? { appVersion: desired.chart.appVersion }
            : {}),
          configDigest: desired.configDigest,
          digest: digest({
            chart: desired.chart.digest,
            config: desired.configDigest,
            objects,
          }),
          firstDeployed: latest?.firstDeployed ?? now,
          lastDeployed: now,
          name: desired.releaseName,
          namespace: desired.targetNamespace,
          status: `pending-${action}`,
          version: (latest?.version ?? 0) + 1,
        },
        ...(status.history ?? []),
      ].slice(0, release.spec.maxHistory ?? MAX_HISTORY);
      return status.conditions;
    });
    this.#deadlines.set(key, Date.now() + goDurationMs(timeoutText, 300_000));
    const written = this.#api.store.get(
      RELEASES,
      current.metadata.namespace!,
      current.metadata.name!,
    )!;
    return this.#checkHealth(key, scope, written, desired);
  }

  /** An object from the chart as it is stored: in its namespace, labelled as Flux labels it. */
  #normalized(object: KubeObject, desired: Desired): KubeObject {
    const scope = scopeOf(this.#api, object, desired.targetNamespace);
    return {
      ...object,
      metadata: {
        ...object.metadata,
        namespace: scope.type.namespaced ? scope.namespace : undefined,
      },
    };
  }

  #apply(
    release: KubeObject,
    desired: Desired,
    objects: KubeObject[],
    action: Action,
  ): void {
    const target = desired.targetNamespace;
    if (!this.#api.store.get('/namespaces', '', target)) {
      if (action === 'install' && release.spec.install?.createNamespace) {
        this.#api.create(
          this.#api.scope('v1', 'Namespace'),
          { metadata: { name: target } },
          { fieldManager: MANAGER },
        );
      } else {
        throw new Error(
          `create: failed to create: namespaces "${target}" not found`,
        );
      }
    }
    for (const object of installOrder(objects)) {
      const { scope, body } = this.#appliedBody(release, desired, object);
      this.#api.patch(scope, object.metadata.name!, 'apply', body, {
        fieldManager: MANAGER,
        force: true,
      });
    }
  }

  /** Renders the release's objects with the real helm and the post-renderers. */
  async #render(
    release: KubeObject,
    desired: Desired,
    action: Action,
  ): Promise<KubeObject[]> {
    return renderRelease({
      tools: await this.#tools(),
      chartPath: desired.chart.path,
      releaseName: desired.releaseName,
      namespace: desired.targetNamespace,
      values: desired.values,
      postRenderers: release.spec.postRenderers ?? [],
      // Flux creates CRDs on install and skips them on upgrade unless told otherwise.
      includeCrds:
        (release.spec[action]?.crds ??
          (action === 'install' ? 'Create' : 'Skip')) !== 'Skip',
    });
  }

  /** A rendered object as helm-controller applies it: in its namespace, labelled and annotated. */
  #appliedBody(
    release: KubeObject,
    desired: Desired,
    object: KubeObject,
  ): { scope: RequestScope; body: KubeObject } {
    const target = desired.targetNamespace;
    const scope = scopeOf(this.#api, object, target);
    const body: KubeObject = {
      ...object,
      metadata: {
        ...object.metadata,
        ...(scope.namespace ? { namespace: scope.namespace } : {}),
        labels: {
          ...object.metadata.labels,
          'app.kubernetes.io/managed-by': 'Helm',
          [NAME_LABEL]: release.metadata.name!,
          [NAMESPACE_LABEL]: release.metadata.namespace!,
        },
        annotations: {
          ...object.metadata.annotations,
          'meta.helm.sh/release-name': desired.releaseName,
          'meta.helm.sh/release-namespace': target,
        },
      },
    };
    return { scope, body };
  }

  #checkHealth(
    key: string,
    scope: RequestScope,
    release: KubeObject,
    desired: Desired,
  ): ReconcileResult | undefined {
    const action = release.status?.lastAttemptedReleaseAction as Action;
    const objects = (release.status?.inventory?.entries ?? []).map(
      (entry: InventoryEntry) => {
        const located = locateEntry(this.#api, entry);
        return (
          located &&
          this.#api.store.get(
            `${located.scope.type.group}/${located.scope.type.plural}`,
            located.scope.namespace ?? '',
            located.name,
          )
        );
      },
    );
    const failed = objects.find(
      (o: KubeObject | undefined) => o && hasFailed(o),
    );
    const deadline =
      this.#deadlines.get(key) ??
      Date.parse(release.status?.history?.[0]?.lastDeployed ?? timestamp()) +
        goDurationMs(release.spec.timeout, 300_000);
    if (failed) {
      return this.#fail(
        key,
        scope,
        release,
        desired,
        action,
        `${failed.kind} ${failed.metadata.namespace}/${failed.metadata.name} failed`,
        true,
      );
    }
    if (objects.every((o: KubeObject | undefined) => o && isHealthy(o))) {
      this.#succeed(key, scope, release, desired, action);
      return undefined;
    }
    if (Date.now() >= deadline) {
      return this.#fail(
        key,
        scope,
        release,
        desired,
        action,
        'context deadline exceeded',
        true,
      );
    }
    return { requeueAfterMs: deadline - Date.now() };
  }

  #succeed(
    key: string,
    scope: RequestScope,
    release: KubeObject,
    desired: Desired,
    action: Action,
  ): void {
    this.#deadlines.delete(key);
    this.#driftCheckedAt.set(key, Date.now());
    const reason =
      action === 'install' ? 'InstallSucceeded' : 'UpgradeSucceeded';
    const version = release.status?.history?.[0]?.version;
    const message = `Helm ${action} succeeded for release ${desired.targetNamespace}/${desired.releaseName}.v${version} with chart ${desired.chart.name}@${desired.chart.version}`;
    this.#writeStatus(scope, release, status => {
      status.history = (status.history ?? []).map(
        (entry: JsonMap, index: number) => {
          if (index === 0) {
            return { ...entry, status: 'deployed' };
          }
          return entry.status === 'deployed'
            ? { ...entry, status: 'superseded' }
            : entry;
        },
      );
      status.observedGeneration = release.metadata.generation;
      const requestedAt =
        release.metadata.annotations?.['reconcile.fluxcd.io/requestedAt'];
      if (requestedAt) {
        status.lastHandledReconcileAt = requestedAt;
      }
      let conditions = (status.conditions ?? []).filter(
        (c: Condition) => c.type !== 'Reconciling' && c.type !== 'Stalled',
      );
      conditions = this.#conditions({ ...status, conditions }, release, {
        type: 'Ready',
        status: 'True',
        reason,
        message,
      });
      return this.#conditions({ ...status, conditions }, release, {
        type: 'Released',
        status: 'True',
        reason,
        message,
      });
    });
  }

  #fail(
    key: string,
    scope: RequestScope,
    release: KubeObject,
    desired: Desired,
    action: Action,
    error: string,
    released: boolean,
  ): ReconcileResult | undefined {
    this.#deadlines.delete(key);
    const reason = action === 'install' ? 'InstallFailed' : 'UpgradeFailed';
    const message = `Helm ${action} failed for release ${desired.targetNamespace}/${desired.releaseName} with chart ${desired.chart.name}@${desired.chart.version}: ${error}`;
    const counter =
      action === 'install' ? 'installFailures' : 'upgradeFailures';
    const retries: number = release.spec[action]?.remediation?.retries ?? 0;
    const failures = (release.status?.[counter] ?? 0) + 1;
    const exhausted = failures > retries;
    this.#writeStatus(scope, release, status => {
      status[counter] = failures;
      status.observedGeneration = release.metadata.generation;
      if (released && status.history?.[0]) {
        status.history = [
          { ...status.history[0], status: 'failed' },
          ...status.history.slice(1),
        ];
      }
      let conditions = this.#conditions(status, release, {
        type: 'Ready',
        status: 'False',
        reason,
        message,
      });
      if (released) {
        conditions = this.#conditions({ ...status, conditions }, release, {
          type: 'Released',
          status: 'False',
          reason,
          message,
        });
      }
      if (exhausted) {
        conditions = conditions.filter(c => c.type !== 'Reconciling');
        return this.#conditions({ ...status, conditions }, release, {
          type: 'Stalled',
          status: 'True',
          reason: 'RetriesExceeded',
          message: `Failed to ${action} after ${failures} attempt(s)`,
        });
      }
      return this.#conditions({ ...status, conditions }, release, {
        type: 'Reconciling',
        status: 'True',
        reason: 'ProgressingWithRetry',
        message: `Retrying ${action} (${failures} of ${retries})`,
      });
    });
    return exhausted ? undefined : { requeueAfterMs: 50 };
  }

  #uninstall(scope: RequestScope, release: KubeObject): void {
    deleteEntries(this.#api, release.status?.inventory?.entries ?? []);
    const [chartNamespace, chartName] = String(
      release.status?.helmChart ?? '',
    ).split('/');
    if (chartName && this.#api.store.get(CHARTS, chartNamespace, chartName)) {
      this.#api.delete(
        this.#api.scope(
          'source.toolkit.fluxcd.io/v1',
          'HelmChart',
          chartNamespace,
        ),
        chartName,
      );
    }
    const next = clone(release);
    next.metadata.finalizers = next.metadata.finalizers?.filter(
      (f: string) => f !== FINALIZER,
    );
    this.#api.update(scope, release.metadata.name!, next, {
      fieldManager: MANAGER,
    });
  }

  #conditions(
    status: JsonMap,
    release: KubeObject,
    condition: Condition,
  ): Condition[] {
    return setCondition(status.conditions, {
      ...condition,
      observedGeneration: release.metadata.generation,
    });
  }

  /** Writes the status a change function derives (its result becomes the conditions). */
  #writeStatus(
    scope: RequestScope,
    release: KubeObject,
    change: (status: JsonMap) => Condition[] | undefined,
  ): KubeObject {
    const current =
      this.#api.store.get(
        RELEASES,
        release.metadata.namespace!,
        release.metadata.name!,
      ) ?? release;
    const status: JsonMap = clone(current.status ?? {});
    const conditions = change(status);
    if (conditions) {
      status.conditions = conditions;
    }
    for (const [field, value] of Object.entries(status)) {
      if (value === undefined) {
        delete status[field];
      }
    }
    if (deepEqual(status, current.status)) {
      return current;
    }
    return this.#api.update(
      scope,
      current.metadata.name!,
      { ...current, status },
      { subresource: 'status', fieldManager: MANAGER },
    ).object;
  }
}
