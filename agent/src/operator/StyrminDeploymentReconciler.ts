import { V1ConfigMap } from '@kubernetes/client-node';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Reconciler, ReconcileResult } from '../controller/Reconciler';
import { TerminalError } from '../controller/TerminalError';
import { Logger } from '../logging/Logger';
import {
  ConditionType,
  findCondition,
  Reason,
} from '../styrminDeployment/conditions';
import { OperatorStep } from '../styrminDeployment/OperatorStep';
import {
  StyrminDeployment,
  StyrminDeploymentSpec,
} from '../styrminDeployment/StyrminDeployment';
import { cleanUp } from './cleanUp';
import { ClusterClient } from './ClusterClient';
import { contextWithSecretValues } from './contextSecretValues';
import { EventRecorder } from './EventRecorder';
import { ChartSourceOptions } from './desired/chartSource';
import { HelmChartRenderer } from './HelmChartRenderer';
import { OperatorCache } from './OperatorInformers';
import { done, failed, Outcome, PENDING } from './outcomes';
import { applyChartSource } from './phases/applyChartSource';
import { applyServices } from './phases/applyServices';
import { ensureNamespace } from './phases/ensureNamespace';
import { installOrUpgradeHelmRelease } from './phases/installOrUpgradeHelmRelease';
import { PhaseDeps } from './phases/PhaseDeps';
import { RenderedWorkloads } from './phases/RenderedWorkloads';
import { StatusWriter } from './StatusWriter';
import { stepLogger } from './stepLogger';
import { validateSpec } from './validateSpec';

/** Holds a StyrminDeployment until the operator has removed what it made for it. */
export const FINALIZER = 'styrmin.io/finalizer';

/** @public */
export interface StyrminDeploymentReconcilerOptions {
  client: ClusterClient;
  cache: OperatorCache;
  renderer: HelmChartRenderer;
  logger: Logger;
  chartSource: ChartSourceOptions;
  /**
   * How soon to look again while waiting (for Flux, or for a deletion to finish), should no
   * watch event come first. Default 30 s.
   */
  pollIntervalMs?: number;
  now?: () => Date;
  /**
   * Records an Event on the StyrminDeployment for each condition that changes, and the same
   * on its deployment record in the deployment's namespace once that exists.
   */
  events?: EventRecorder;
}

/**
 * How soon to look again when the context Secret holds another instance's values: the
 * worker writes it just before the spec, so this lasts a moment at most.
 */
const SECRET_VALUES_RETRY_MS = 500;

interface Phase {
  type: ConditionType;
  step: OperatorStep;
  run(): Promise<Outcome>;
}

/**
 * Reconciles one StyrminDeployment (controller-runtime's Reconcile, in the order of style.md
 * item 12): read it from the cache (gone: done); if it is being deleted, clean up (uninstall
 * the HelmRelease and wait for its objects to go, remove the namespace) and drop the
 * finalizer; refuse an invalid spec for good; ensure the finalizer; run the phases in order,
 * each applying its objects server-side and reading the outcome from what the server
 * returns (`phases/`); write the status only when it changed; look again later while
 * something is on its way.
 *
 * Each phase is one condition and one step: the conditions are what the worker reads the
 * steps from (`observePhaseSteps`). A phase starts only once the one before it is done, so
 * the steps run in order, and every reconcile applies every phase it reaches, so an object
 * changed or deleted by hand comes back.
 *
 * @public
 */
export class StyrminDeploymentReconciler implements Reconciler {
  readonly #client: ClusterClient;
  readonly #cache: OperatorCache;
  readonly #logger: Logger;
  readonly #chartSource: ChartSourceOptions;
  readonly #pollIntervalMs: number;
  readonly #status: StatusWriter;
  readonly #rendered: RenderedWorkloads;

  private constructor(options: StyrminDeploymentReconcilerOptions) {
    this.#client = options.client;
    this.#cache = options.cache;
    this.#logger = options.logger;
    this.#chartSource = options.chartSource;
    this.#pollIntervalMs = options.pollIntervalMs ?? 30_000;
    this.#status = StatusWriter.create({
      client: options.client,
      now: options.now ?? (() => new Date()),
      events: options.events,
    });
    this.#rendered = RenderedWorkloads.create({ renderer: options.renderer });
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
      await this.#status.write(resource, {
        conditions: [
          {
            type: ConditionType.Ready,
            ...failed(Reason.InvalidSpec, error.message),
          },
        ],
      });
      throw new TerminalError(error.message, { cause: error });
    }
    const context = await contextWithSecretValues(
      { client: this.#client, cache: this.#cache, log },
      { ...resource, spec },
    );
    if (!context) {
      log.info('Waiting for the secret values of the instance', {
        instance: spec.instanceId,
      });
      return { requeueAfterMs: SECRET_VALUES_RETRY_MS };
    }
    // The whole context, secret values included, lives in memory only.
    const deployment: StyrminDeployment = {
      ...resource,
      spec: { ...spec, context },
    };
    await this.#ensureFinalizer(resource, log);
    const deps: PhaseDeps = { client: this.#client, cache: this.#cache, log };
    // What a phase learns that a later one needs: the namespace the release goes into, and
    // the deployment record there, which the Events of the status write are also recorded on.
    let namespaceUid = '';
    let deploymentRecord: V1ConfigMap | undefined;

    const phases: Phase[] = [
      {
        type: ConditionType.NamespaceReady,
        step: OperatorStep.EnsureNamespace,
        run: async () => {
          const { outcome, uid, record } = await ensureNamespace(
            deps,
            deployment,
          );
          namespaceUid = uid;
          deploymentRecord = record;
          return outcome;
        },
      },
      {
        type: ConditionType.ChartSourceReady,
        step: OperatorStep.ApplyChartSource,
        run: () => applyChartSource(deps, deployment, this.#chartSource),
      },
      {
        type: ConditionType.HelmReleaseReady,
        step: OperatorStep.InstallOrUpgradeHelmRelease,
        run: () =>
          installOrUpgradeHelmRelease(deps, {
            key,
            deployment,
            namespaceUid,
            chartSource: this.#chartSource,
            rendered: this.#rendered,
          }),
      },
      {
        type: ConditionType.ServicesReady,
        step: OperatorStep.ApplyServices,
        run: () => applyServices(deps, deployment),
      },
    ];
    const previous = this.#status.previous(resource);
    const logStep = stepLogger(deployment, log);
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
        logStep(phase.step, 'RUNNING');
      }
      const outcome = await phase.run();
      if (outcome.status !== 'Unknown' && seen?.status !== outcome.status) {
        logStep(
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
    await this.#status.write(resource, {
      conditions: [
        { type: ConditionType.Ready, ...ready },
        ...outcomes.map(({ phase, outcome }) => ({
          type: phase.type,
          ...outcome,
        })),
      ],
      stoppedComponents: spec.stoppedComponents,
      deploymentRecord,
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
      await this.#status.write(resource, {
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
    this.#status.forget(key);
    this.#rendered.forget(key);
  }
}
