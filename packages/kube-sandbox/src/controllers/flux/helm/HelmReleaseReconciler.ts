import { SandboxApi } from '../../../api/SandboxApi';
import { RequestScope } from '../../../api/types';
import { objectKey, splitObjectKey } from '../../../store/objectKey';
import { KubeObject, StoreEvent } from '../../../store/types';
import { ToolPaths } from '../../../tools/ensureTools';
import { clone, JsonMap } from '../../../util/json';
import { Reconciler, ReconcileResult } from '../../Controller';
import { ArtifactStorage } from '../ArtifactStorage';
import { HELM_CHARTS, HELM_RELEASES, OCI_REPOSITORIES } from '../fluxResources';
import { awaitHealth } from './awaitHealth';
import { correctDrift } from './correctDrift';
import {
  DesiredReleaseResolver,
  helmChartOf,
  NotReady,
} from './DesiredReleaseResolver';
import { install } from './install';
import { nextAction } from './nextAction';
import { FINALIZER, MANAGER, NAME_LABEL, NAMESPACE_LABEL } from './ownership';
import { helmControllerEvents } from './releaseEvents';
import { ReleaseDeps, ReleaseRequest } from './ReleaseRequest';
import { markNotReady } from './releaseStatus';
import { runRelease } from './runRelease';
import { uninstall } from './uninstall';
import { upgrade } from './upgrade';

const keyOf = (release: KubeObject) =>
  objectKey(release.metadata.namespace, release.metadata.name!);

/**
 * The helm-controller stand-in. For a HelmRelease it resolves what the spec asks for
 * (DesiredReleaseResolver: dependencies, chart, values), asks `nextAction` what to do from the
 * release's observed state, and runs that action: an install or upgrade (`runRelease`: render
 * with the real `helm template` and the post-renderers, apply server-side, prune, wait for the
 * objects within `timeout`), waiting for a pending release (`awaitHealth`), or drift detection
 * and correction at each `interval` (`correctDrift`); a deleted release is uninstalled.
 * Conditions (Ready, Released, Reconciling, Stalled), history, inventory, failure counts and
 * remediation retries follow helm-controller v2. Not covered: Helm release Secrets, tests,
 * rollback and uninstall remediation.
 */
export class HelmReleaseReconciler implements Reconciler {
  readonly name = 'flux-helm-controller';
  readonly #api: SandboxApi;
  readonly #deps: ReleaseDeps;
  readonly #resolver: DesiredReleaseResolver;

  private constructor(options: {
    api: SandboxApi;
    storage: ArtifactStorage;
    tools: () => Promise<ToolPaths>;
  }) {
    this.#api = options.api;
    this.#deps = {
      api: options.api,
      tools: options.tools,
      deadlines: new Map(),
      driftCheckedAt: new Map(),
      events: helmControllerEvents(options.api),
    };
    this.#resolver = DesiredReleaseResolver.create(options);
  }

  static create(options: {
    api: SandboxApi;
    storage: ArtifactStorage;
    tools: () => Promise<ToolPaths>;
  }): HelmReleaseReconciler {
    return new HelmReleaseReconciler(options);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === HELM_RELEASES) {
      return [
        objectKey(event.namespace, event.name),
        ...this.#dependents(event),
      ];
    }
    if (event.resourceKey === HELM_CHARTS) {
      const chart = `${event.namespace}/${event.name}`;
      return this.#releases(
        r =>
          helmChartOf(r) === chart ||
          r.status?.helmChart === chart ||
          (r.spec?.chartRef?.kind === 'HelmChart' &&
            r.spec.chartRef.name === event.name),
      );
    }
    if (event.resourceKey === OCI_REPOSITORIES) {
      return this.#releases(
        r =>
          r.spec?.chartRef?.kind === 'OCIRepository' &&
          r.spec.chartRef.name === event.name,
      );
    }
    const labels = event.object.metadata.labels;
    return labels?.[NAME_LABEL] && labels[NAMESPACE_LABEL]
      ? [objectKey(labels[NAMESPACE_LABEL], labels[NAME_LABEL])]
      : [];
  }

  initialKeys(): string[] {
    return this.#releases(() => true);
  }

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const { namespace, name } = splitObjectKey(key);
    const release = this.#api.store.get(HELM_RELEASES, namespace, name);
    if (!release) {
      this.#deps.deadlines.delete(key);
      this.#deps.driftCheckedAt.delete(key);
      return undefined;
    }
    const scope = this.#api.scope(
      'helm.toolkit.fluxcd.io/v2',
      'HelmRelease',
      namespace,
    );
    if (release.metadata.deletionTimestamp) {
      uninstall(this.#api, scope, release);
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
    return this.#reconcileRelease(key, scope, release);
  }

  /** Resolves what the release asks for, then runs the next action its state calls for. */
  async #reconcileRelease(
    key: string,
    scope: RequestScope,
    release: KubeObject,
  ): Promise<ReconcileResult | undefined> {
    let request: ReleaseRequest;
    try {
      this.#resolver.checkDependencies(release);
      const desired = await this.#resolver.resolve(release);
      request = { key, scope, release, desired };
    } catch (error) {
      if (!(error instanceof NotReady)) {
        throw error;
      }
      markNotReady(this.#api, scope, release, error.reason, error.message);
      return error.reason === 'DependencyNotReady'
        ? { requeueAfterMs: 100 }
        : undefined;
    }
    switch (nextAction(release, request.desired)) {
      case 'install':
        return runRelease(this.#deps, request, install);
      case 'upgrade':
        return runRelease(this.#deps, request, upgrade);
      case 'awaitHealth':
        return awaitHealth(this.#deps, request);
      case 'correctDrift':
        return correctDrift(this.#deps, request);
      default:
        return undefined;
    }
  }

  /** Releases that depend on this one may go on. */
  #dependents(event: StoreEvent): string[] {
    return this.#releases(r =>
      (r.spec?.dependsOn ?? []).some(
        (d: JsonMap) =>
          d.name === event.name &&
          (d.namespace ?? r.metadata.namespace) === event.namespace,
      ),
    );
  }

  #releases(which: (release: KubeObject) => boolean): string[] {
    return this.#api.store.list(HELM_RELEASES).filter(which).map(keyOf);
  }
}
