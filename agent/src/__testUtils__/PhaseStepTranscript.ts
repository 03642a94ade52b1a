import { KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import { CachingInformer, informerFor } from '../controller/informerFor';
import { OperatorStep } from '../styrminDeployment/OperatorStep';
import {
  observePhaseSteps,
  PhaseStepStatus,
  phaseStepReports,
} from '../styrminDeployment/phaseSteps';
import {
  STYRMIN_API_VERSION,
  STYRMIN_DEPLOYMENT_KIND,
  STYRMIN_DEPLOYMENT_PLURAL,
  StyrminDeployment,
} from '../styrminDeployment/StyrminDeployment';
import { ClusterView, OPERATOR_NAMESPACE, waitFor } from './operatorSandbox';

/** A step report, as the worker makes it from a status the operator wrote. */
export interface PhaseStepReport {
  taskId?: string;
  instanceId: string;
  /** The StyrminDeployment, `namespace/name`, and the generation of its spec. */
  deployment: string;
  generation: number;
  step: OperatorStep;
  status: PhaseStepStatus;
  error?: string;
}

/**
 * The operator steps that every status write of the StyrminDeployments shows, reported as
 * the worker reports them (`observePhaseSteps`, `phaseStepReports`), under the spec's task,
 * instance and generation: what a task would record of the operator's phases, for tests of
 * the operator without a server.
 */
export class PhaseStepTranscript {
  readonly #informer: CachingInformer<StyrminDeployment>;
  readonly #reports: PhaseStepReport[] = [];
  readonly #reported = new Map<string, PhaseStepStatus>();

  private constructor(informer: CachingInformer<StyrminDeployment>) {
    this.#informer = informer;
    informer.on('add', resource => this.#observe(resource));
    informer.on('update', resource => this.#observe(resource));
  }

  /** Watches the StyrminDeployments of the operator's namespace from now on. */
  static async start(kubeConfig: KubeConfig): Promise<PhaseStepTranscript> {
    const informer = informerFor<StyrminDeployment>(
      kubeConfig,
      KubernetesObjectApi.makeApiClient(kubeConfig),
      {
        apiVersion: STYRMIN_API_VERSION,
        kind: STYRMIN_DEPLOYMENT_KIND,
        plural: STYRMIN_DEPLOYMENT_PLURAL,
        namespace: OPERATOR_NAMESPACE,
      },
    );
    const transcript = new PhaseStepTranscript(informer);
    await informer.start();
    return transcript;
  }

  async stop(): Promise<void> {
    await this.#informer.stop();
  }

  /** Waits until the transcript has seen the resource as the API shows it now. */
  async caughtUp(view: ClusterView, id: string): Promise<void> {
    const stored = await view.deployment(id);
    await waitFor(
      () =>
        this.#informer.get(id, OPERATOR_NAMESPACE)?.metadata
          ?.resourceVersion === stored?.metadata?.resourceVersion,
      { what: `the transcript to show ${id}` },
    );
  }

  /** The reports, of one StyrminDeployment (`namespace/name`) or all, in order. */
  events(deployment?: string): PhaseStepReport[] {
    return this.#reports.filter(
      report => !deployment || report.deployment === deployment,
    );
  }

  #observe(resource: StyrminDeployment) {
    const { taskId, instanceId } = resource.spec;
    const deployment = `${resource.metadata!.namespace}/${
      resource.metadata!.name
    }`;
    const generation = resource.metadata!.generation!;
    for (const { step, status, error } of observePhaseSteps(resource)) {
      const key = [deployment, taskId, instanceId, generation, step].join('|');
      for (const report of phaseStepReports(this.#reported.get(key), status)) {
        this.#reported.set(key, report);
        this.#reports.push({
          taskId,
          instanceId,
          deployment,
          generation,
          step,
          status: report,
          ...(report === 'FAILED' && error ? { error } : {}),
        });
      }
    }
  }
}
