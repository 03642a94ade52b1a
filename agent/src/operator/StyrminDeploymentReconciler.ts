import { KubernetesObject } from '@kubernetes/client-node';
import {
  StyrminError,
  ValuesTemplateError,
} from '@styrmin/plugin-styrmin-common';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { LogFields, Logger } from '../logging/Logger';
import { cleanUp } from './cleanUp';
import { ClusterClient } from './ClusterClient';
import {
  Condition,
  ConditionType,
  findCondition,
  Reason,
  setCondition,
} from './conditions';
import {
  CHART_SOURCE_KINDS,
  ChartSourceOptions,
  desiredChartSource,
} from './desired/chartSource';
import {
  componentPatches,
  needsRenderedWorkloads,
  RenderedWorkload,
} from './desired/componentPatches';
import { desiredHelmRelease, helmReleaseName } from './desired/helmRelease';
import { DEPLOYMENT_ID_LABEL } from './desired/labels';
import { desiredNamespace } from './desired/namespace';
import { desiredServices } from './desired/services';
import { ChartValues, renderValues } from './desired/values';
import { ChartRenderError, HelmChartRenderer } from './HelmChartRenderer';
import { OperatorCache } from './OperatorInformers';
import { Reconciler, ReconcileResult } from './Reconciler';
import {
  chartSourceOutcome,
  done,
  failed,
  helmReleaseOutcome,
  Outcome,
  PENDING,
  waiting,
} from './outcomes';
import { refOf } from './refOf';
import { OperatorStep, StepRecorder } from './StepRecorder';
import { stepReporter } from './stepReporter';
import {
  StyrminDeployment,
  StyrminDeploymentSpec,
  StyrminDeploymentStatus,
} from './StyrminDeployment';
import { TerminalError } from './TerminalError';
import { validateSpec } from './validateSpec';

/** Holds a StyrminDeployment until the operator has removed what it made for it. */
export const FINALIZER = 'styrmin.io/finalizer';

/** @public */
export interface StyrminDeploymentReconcilerOptions {
  client: ClusterClient;
  cache: OperatorCache;
  renderer: HelmChartRenderer;
  steps: StepRecorder;
  logger: Logger;
  chartSource: ChartSourceOptions;
  /**
   * How soon to look again while waiting (for Flux, or for a deletion to finish), should no
   * watch event come first. Default 30 s.
   */
  pollIntervalMs?: number;
  now?: () => Date;
}

interface Phase {
  type: ConditionType;
  step: OperatorStep;
  run(): Promise<Outcome>;
}

/** Whether the server's copy differs from the cached one in what the operator states. */
function changed(cached: KubernetesObject, applied: KubernetesObject): boolean {
  return applied.metadata?.generation !== undefined
    ? cached.metadata?.generation !== applied.metadata.generation
    : cached.metadata?.resourceVersion !== applied.metadata?.resourceVersion;
}

/**
 * Reconciles one StyrminDeployment (controller-runtime's Reconcile, in the order of style.md
 * item 12): read it from the cache (gone: done); if it is being deleted, clean up (uninstall
 * the HelmRelease and wait for its objects to go, remove the namespace) and drop the
 * finalizer; refuse an invalid spec for good; ensure the finalizer; run the phases in order,
 * each applying its objects server-side and reading the outcome from what the server
 * returns; record the phases as steps; write the status only when it changed; look again
 * later while something is on its way.
 *
 * Each phase is one condition and one step. A phase starts only once the one before it is
 * done, so the steps run in order, and every reconcile applies every phase it reaches, so an
 * object changed or deleted by hand comes back.
 *
 * @public
 */
export class StyrminDeploymentReconciler implements Reconciler {
  readonly #client: ClusterClient;
  readonly #cache: OperatorCache;
  readonly #renderer: HelmChartRenderer;
  readonly #steps: StepRecorder;
  readonly #logger: Logger;
  readonly #chartSource: ChartSourceOptions;
  readonly #pollIntervalMs: number;
  readonly #now: () => Date;
  /**
   * The status this process last wrote, by key and for the uid it was written to: the cache
   * may not show it yet, and the step changes are computed against it. A key is never
   * reconciled twice at once.
   */
  readonly #written = new Map<
    string,
    { uid: string; status: StyrminDeploymentStatus }
  >();
  /** The last rendered workloads per key, with the digest of what they were rendered from. */
  readonly #rendered = new Map<
    string,
    { inputs: string; workloads: RenderedWorkload[] }
  >();

  private constructor(options: StyrminDeploymentReconcilerOptions) {
    this.#client = options.client;
    this.#cache = options.cache;
    this.#renderer = options.renderer;
    this.#steps = options.steps;
    this.#logger = options.logger;
    this.#chartSource = options.chartSource;
    this.#pollIntervalMs = options.pollIntervalMs ?? 30_000;
    this.#now = options.now ?? (() => new Date());
  }

  static create(
    options: StyrminDeploymentReconcilerOptions,
  ): StyrminDeploymentReconciler {
    return new StyrminDeploymentReconciler(options);
  }

  async reconcile(key: string): Promise<ReconcileResult> {
    const [namespace, name] = key.split('/');
    const resource = this.#cache.deployments.get(name, namespace);
    if (!resource) {
      this.#forget(key);
      return {};
    }
    const log = this.#logger.child({ StyrminDeployment: key });
    if (resource.metadata?.deletionTimestamp) {
      return this.#finalize(key, resource, log);
    }

    let spec: StyrminDeploymentSpec;
    try {
      spec = validateSpec(resource);
    } catch (error) {
      if (!(error instanceof StyrminError)) {
        throw error;
      }
      await this.#writeStatus(resource, {
        conditions: [
          {
            type: ConditionType.Ready,
            ...failed(Reason.InvalidSpec, error.message),
          },
        ],
      });
      throw new TerminalError(error.message, { cause: error });
    }
    const deployment: StyrminDeployment = { ...resource, spec };
    await this.#ensureFinalizer(resource, log);
    // What a phase learns that a later one needs: the namespace the release goes into.
    let namespaceUid = '';

    const phases: Phase[] = [
      {
        type: ConditionType.NamespaceReady,
        step: OperatorStep.EnsureNamespace,
        run: async () => {
          const { outcome, uid } = await this.#ensureNamespace(deployment, log);
          namespaceUid = uid;
          return outcome;
        },
      },
      {
        type: ConditionType.ChartSourceReady,
        step: OperatorStep.ApplyChartSource,
        run: () => this.#applyChartSource(deployment, log),
      },
      {
        type: ConditionType.HelmReleaseReady,
        step: OperatorStep.InstallOrUpgradeHelmRelease,
        run: () => this.#installOrUpgrade(key, deployment, namespaceUid, log),
      },
      {
        type: ConditionType.ServicesReady,
        step: OperatorStep.ApplyServices,
        run: () => this.#applyServices(deployment, log),
      },
    ];
    const previous = this.#previousStatus(resource);
    const record = stepReporter(this.#steps, deployment, log);
    const outcomes: Array<{ phase: Phase; outcome: Outcome }> = [];
    for (const phase of phases) {
      if (outcomes.some(({ outcome }) => outcome.status !== 'True')) {
        outcomes.push({ phase, outcome: PENDING });
        continue;
      }
      // The step started if an earlier reconcile of this generation saw it started, and
      // its end is known if that reconcile saw the same end.
      const before = findCondition(previous.conditions, phase.type);
      const seen =
        before &&
        before.observedGeneration === resource.metadata!.generation &&
        before.reason !== Reason.Pending
          ? before
          : undefined;
      if (!seen) {
        await record(phase.step, 'RUNNING');
      }
      const outcome = await phase.run();
      if (outcome.status !== 'Unknown' && seen?.status !== outcome.status) {
        await record(
          phase.step,
          outcome.status === 'True' ? 'SUCCEEDED' : 'FAILED',
          outcome.status === 'False' ? outcome.message : undefined,
        );
      }
      outcomes.push({ phase, outcome });
    }

    const ready =
      outcomes.find(({ outcome }) => outcome.status !== 'True')?.outcome ??
      done(`Instance ${spec.instanceId} is deployed`);
    await this.#writeStatus(resource, {
      conditions: [
        { type: ConditionType.Ready, ...ready },
        ...outcomes.map(({ phase, outcome }) => ({
          type: phase.type,
          ...outcome,
        })),
      ],
      stoppedComponents: spec.stoppedComponents,
    });
    return ready.status === 'Unknown'
      ? { requeueAfterMs: this.#pollIntervalMs }
      : {};
  }

  async #ensureFinalizer(resource: StyrminDeployment, log: Logger) {
    if (resource.metadata?.finalizers?.includes(FINALIZER)) {
      return;
    }
    const added = await this.#client.updateFinalizers(resource, finalizers =>
      finalizers.includes(FINALIZER) ? finalizers : [...finalizers, FINALIZER],
    );
    if (added) {
      log.info('Added finalizer', { finalizer: FINALIZER });
    }
  }

  async #ensureNamespace(
    deployment: StyrminDeployment,
    log: Logger,
  ): Promise<{ outcome: Outcome; uid: string }> {
    const desired = desiredNamespace(deployment);
    const name = desired.metadata!.name!;
    const namespace = await this.#apply(
      desired,
      this.#cache.namespaces.get(name),
      log,
    );
    return {
      uid: namespace.metadata!.uid!,
      outcome: namespace.metadata?.deletionTimestamp
        ? waiting(
            Reason.NamespaceTerminating,
            `Namespace ${name} is being deleted; it is created again once it is gone`,
          )
        : done(`Namespace ${name} exists`),
    };
  }

  async #applyChartSource(
    deployment: StyrminDeployment,
    log: Logger,
  ): Promise<Outcome> {
    const desired = desiredChartSource(deployment, this.#chartSource);
    const { name, namespace } = desired.object.metadata!;
    // A driver version that moves the chart to another kind of source leaves the old one.
    for (const kind of CHART_SOURCE_KINDS.filter(k => k !== desired.kind)) {
      const stale = this.#cache.chartSources[kind].get(name!, namespace);
      if (stale && (await this.#client.delete(stale))) {
        log.info(`Deleted ${kind}`, { [kind]: refOf(stale) });
      }
    }
    const source = await this.#apply(
      desired.object,
      this.#cache.chartSources[desired.kind].get(name!, namespace),
      log,
    );
    return chartSourceOutcome(source);
  }

  async #installOrUpgrade(
    key: string,
    deployment: StyrminDeployment,
    namespaceUid: string,
    log: Logger,
  ): Promise<Outcome> {
    const { spec } = deployment;
    let values: ChartValues;
    try {
      values = renderValues(spec);
    } catch (error) {
      if (error instanceof ValuesTemplateError) {
        return failed(Reason.ValuesTemplateFailed, error.message);
      }
      throw error;
    }
    let patches;
    try {
      patches = componentPatches(
        spec,
        await this.#renderedWorkloads(key, spec, values),
      );
    } catch (error) {
      if (error instanceof ChartRenderError) {
        return failed(Reason.ChartRenderFailed, error.message);
      }
      if (
        error instanceof StyrminError &&
        error.code === 'COMPONENT_CONTAINER_NOT_FOUND'
      ) {
        return failed(Reason.ComponentContainerNotFound, error.message);
      }
      throw error;
    }
    const desired = desiredHelmRelease(deployment, {
      chart: desiredChartSource(deployment, this.#chartSource).helmReleaseChart,
      values,
      patches,
      namespaceUid,
    });
    const release = await this.#apply(
      desired,
      this.#cache.helmReleases.get(
        desired.metadata!.name!,
        desired.metadata!.namespace,
      ),
      log,
    );
    return helmReleaseOutcome(release);
  }

  /**
   * The workloads of the rendered chart, when container overrides need them; rendered again
   * only when what the chart is rendered from changes.
   */
  async #renderedWorkloads(
    key: string,
    spec: StyrminDeploymentSpec,
    values: ChartValues,
  ): Promise<RenderedWorkload[]> {
    if (!needsRenderedWorkloads(spec)) {
      this.#rendered.delete(key);
      return [];
    }
    const inputs = createHash('sha256')
      .update(
        JSON.stringify([
          spec.driver.digest,
          spec.chart,
          helmReleaseName(spec),
          spec.context.deployment.namespace,
          values,
        ]),
      )
      .digest('hex');
    const cached = this.#rendered.get(key);
    if (cached?.inputs === inputs) {
      return cached.workloads;
    }
    const workloads = await this.#renderer.renderWorkloads(spec, values);
    this.#rendered.set(key, { inputs, workloads });
    return workloads;
  }

  async #applyServices(
    deployment: StyrminDeployment,
    log: Logger,
  ): Promise<Outcome> {
    const desired = desiredServices(deployment);
    const namespace = deployment.spec.context.deployment.namespace;
    for (const service of desired) {
      await this.#apply(
        service,
        this.#cache.services.get(service.metadata!.name!, namespace),
        log,
      );
    }
    const names = new Set(desired.map(service => service.metadata!.name));
    const stale = this.#cache.services
      .list(namespace)
      .filter(
        service =>
          service.metadata?.labels?.[DEPLOYMENT_ID_LABEL] ===
            deployment.metadata!.name && !names.has(service.metadata?.name),
      );
    for (const service of stale) {
      if (await this.#client.delete(service)) {
        log.info('Deleted Service', { Service: refOf(service) });
      }
    }
    return done(
      desired.length === 1
        ? `Service ${desired[0].metadata!.name} exists`
        : `${desired.length} services exist`,
    );
  }

  async #apply<T extends KubernetesObject>(
    object: T,
    cached: KubernetesObject | undefined,
    log: Logger,
  ): Promise<T> {
    const applied = await this.#client.apply(object);
    const fields: LogFields = { [object.kind!]: refOf(applied) };
    if (!cached) {
      log.info(`Created ${object.kind}`, fields);
    } else if (changed(cached, applied)) {
      log.info(`Updated ${object.kind}`, fields);
    }
    return applied;
  }

  /** Cleans up, one stage per reconcile, then drops the finalizer. */
  async #finalize(
    key: string,
    resource: StyrminDeployment,
    log: Logger,
  ): Promise<ReconcileResult> {
    if (!resource.metadata?.finalizers?.includes(FINALIZER)) {
      return {};
    }
    const waitingFor = await cleanUp({
      client: this.#client,
      cache: this.#cache,
      resource,
      log,
    });
    if (waitingFor) {
      await this.#writeStatus(resource, {
        conditions: [
          { type: ConditionType.Ready, ...failed(Reason.Deleting, waitingFor) },
        ],
      });
      return { requeueAfterMs: this.#pollIntervalMs };
    }
    const removed = await this.#client.updateFinalizers(resource, finalizers =>
      finalizers.filter(f => f !== FINALIZER),
    );
    if (removed) {
      log.info('Removed finalizer', { finalizer: FINALIZER });
    }
    this.#forget(key);
    return {};
  }

  #forget(key: string) {
    this.#written.delete(key);
    this.#rendered.delete(key);
  }

  #previousStatus(resource: StyrminDeployment): StyrminDeploymentStatus {
    const written = this.#written.get(refOf(resource));
    return written?.uid === resource.metadata!.uid
      ? written!.status
      : resource.status ?? {};
  }

  /**
   * Sets the conditions at the resource's generation (others keep what they said) and the
   * stopped components of a spec the phases ran for (a spec refused or being deleted keeps
   * what was applied before), and writes the status, unless nothing changed.
   */
  async #writeStatus(
    resource: StyrminDeployment,
    update: {
      conditions: Array<Omit<Condition, 'observedGeneration'>>;
      stoppedComponents?: string[];
    },
  ) {
    const generation = resource.metadata!.generation;
    const previous = this.#previousStatus(resource);
    const stopped = update.stoppedComponents ?? previous.stoppedComponents;
    const status: StyrminDeploymentStatus = {
      observedGeneration: generation,
      conditions: update.conditions.reduce<Condition[]>(
        (list, condition) =>
          setCondition(
            list,
            { ...condition, observedGeneration: generation },
            this.#now,
          ),
        previous.conditions ?? [],
      ),
      ...(stopped ? { stoppedComponents: stopped } : {}),
    };
    if (isDeepStrictEqual(status, previous)) {
      return;
    }
    if (await this.#client.writeStatus(resource, status)) {
      this.#written.set(refOf(resource), {
        uid: resource.metadata!.uid!,
        status,
      });
    }
  }
}
