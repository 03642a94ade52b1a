import {
  Informer,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
  V1Pod,
} from '@kubernetes/client-node';
import {
  deploymentNamespace,
  JsonObject,
} from '@styrmin/plugin-styrmin-common';
import {
  AgentDeploymentStatusReport,
  AgentPodStatus,
  StyrminApiError,
} from '@styrmin/sdk';
import { isDeepStrictEqual } from 'node:util';
import { Logger } from '../logging/Logger';
import { Controller } from '../controller/Controller';
import { CachingInformer, informerFor } from '../controller/informerFor';
import { Reconciler, ReconcileResult } from '../controller/Reconciler';
import {
  STYRMIN_API_VERSION,
  STYRMIN_DEPLOYMENT_KIND,
  STYRMIN_DEPLOYMENT_PLURAL,
  StyrminDeployment,
} from '../styrminDeployment/StyrminDeployment';
import { WorkQueue } from '@styrmin/workqueue';
import { podFields, podStatus } from './podStatus';

/** The most pods one report may carry (the protocol's bound). */
const MAX_PODS = 1_000;
const NAMESPACE_PREFIX = deploymentNamespace('');

/** @public */
export interface StatusReporterOptions {
  kubeConfig: KubeConfig;
  /** The operator's namespace, where the StyrminDeployments are. */
  namespace: string;
  /** Sends a snapshot (the agent protocol's `PUT /deployments/:id/status`). */
  report(report: AgentDeploymentStatusReport): Promise<unknown>;
  logger: Logger;
  /** At most one report per deployment in this time: changes in between go together. Default 2 s. */
  intervalMs?: number;
  /** Reports sent at once. Default 4. */
  workers?: number;
  now?: () => Date;
}

/** A snapshot as it is compared: what the server stores, without when it was read. */
type Snapshot = Pick<AgentDeploymentStatusReport, 'status' | 'pods'>;

/**
 * The status reporter (glossary: "polls Kubernetes and sends PodStatus and DeploymentStatus
 * snapshots to the server"). It watches rather than polls: informers on the StyrminDeployments
 * and on the pods of every namespace, whose events enqueue the deployment they belong to (a
 * StyrminDeployment is named after its deployment id; a pod belongs to the deployment of its
 * namespace `styrmin-<id>`). A reconcile of a deployment builds its snapshot from the caches
 * (the resource's `.status`, and one row per pod: phase, readiness, restarts, start time,
 * component by the driver's label selectors) and sends it only when it differs from the last
 * one the server took. Changes within `intervalMs` of a report go together in the next one.
 * A report that fails is retried with backoff; the first reports after a start send
 * everything once, and the server writes only what changed.
 *
 * @public
 */
export class StatusReporter implements Reconciler {
  readonly #deployments: CachingInformer<StyrminDeployment>;
  readonly #pods: CachingInformer<V1Pod>;
  readonly #namespace: string;
  readonly #report: StatusReporterOptions['report'];
  readonly #logger: Logger;
  readonly #intervalMs: number;
  readonly #now: () => Date;
  readonly #controller: Controller;
  /** What the server took last, and when, by deployment id. */
  readonly #sent = new Map<string, { snapshot: Snapshot; at: number }>();

  private constructor(options: StatusReporterOptions) {
    const objects = KubernetesObjectApi.makeApiClient(options.kubeConfig);
    this.#namespace = options.namespace;
    this.#deployments = informerFor<StyrminDeployment>(
      options.kubeConfig,
      objects,
      {
        apiVersion: STYRMIN_API_VERSION,
        kind: STYRMIN_DEPLOYMENT_KIND,
        plural: STYRMIN_DEPLOYMENT_PLURAL,
        namespace: options.namespace,
      },
    );
    this.#pods = informerFor<V1Pod>(options.kubeConfig, objects, {
      apiVersion: 'v1',
      kind: 'Pod',
      plural: 'pods',
      keep: podFields,
    });
    this.#report = options.report;
    this.#logger = options.logger.child({ controller: 'statusreporter' });
    this.#intervalMs = options.intervalMs ?? 2_000;
    this.#now = options.now ?? (() => new Date());
    this.#controller = Controller.create({
      name: 'statusreporter',
      sources: [
        {
          kind: STYRMIN_DEPLOYMENT_KIND,
          informer: this.#deployments as Informer<KubernetesObject>,
          keysFor: object => [object.metadata!.name!],
        },
        {
          kind: 'Pod',
          informer: this.#pods as Informer<KubernetesObject>,
          keysFor: object => {
            const namespace = object.metadata?.namespace ?? '';
            return namespace.startsWith(NAMESPACE_PREFIX)
              ? [namespace.slice(NAMESPACE_PREFIX.length)]
              : [];
          },
        },
      ],
      reconciler: this,
      logger: options.logger,
      workers: options.workers ?? 4,
      queue: WorkQueue.create({ baseDelayMs: 500, maxDelayMs: 60_000 }),
    });
  }

  static create(options: StatusReporterOptions): StatusReporter {
    return new StatusReporter(options);
  }

  /** Resolves once both informers have listed and reports flow. */
  start(): Promise<void> {
    return this.#controller.start();
  }

  stop(): Promise<void> {
    return this.#controller.stop();
  }

  /** Reports one deployment's snapshot when it changed; the key is the deployment id. */
  async reconcile(deploymentId: string): Promise<ReconcileResult> {
    const resource = this.#deployments.get(deploymentId, this.#namespace);
    if (!resource) {
      // Deleted: the server keeps a tombstone, which takes no observed state.
      this.#sent.delete(deploymentId);
      return {};
    }
    const now = this.#now().getTime();
    const sent = this.#sent.get(deploymentId);
    if (sent && now - sent.at < this.#intervalMs) {
      return { requeueAfterMs: sent.at + this.#intervalMs - now };
    }
    const snapshot: Snapshot = {
      status: (resource.status ?? {}) as JsonObject,
      pods: this.#podsOf(deploymentId, resource),
    };
    if (sent && isDeepStrictEqual(sent.snapshot, snapshot)) {
      return {};
    }
    try {
      await this.#report({
        deploymentId,
        observedAt: new Date(now).toISOString(),
        ...snapshot,
      });
    } catch (error) {
      if (
        !(error instanceof StyrminApiError) ||
        !['NOT_FOUND', 'VALIDATION_FAILED'].includes(error.code)
      ) {
        throw error; // retried with backoff
      }
      // Sending it again changes nothing: wait for the next change.
      this.#logger.error('Server refused the status of a deployment', {
        deployment: deploymentId,
        code: error.code,
        error: error.message,
      });
    }
    this.#sent.set(deploymentId, { snapshot, at: now });
    return {};
  }

  #podsOf(deploymentId: string, resource: StyrminDeployment): AgentPodStatus[] {
    return this.#pods
      .list(deploymentNamespace(deploymentId))
      .map(pod => podStatus(pod, resource.spec.components ?? {}))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, MAX_PODS);
  }
}
