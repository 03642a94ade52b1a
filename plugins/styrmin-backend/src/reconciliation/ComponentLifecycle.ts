import { ComponentFlow } from '@styrmin/plugin-styrmin-common';
import { Task } from '../tasks/TaskStore';
import { checkComponents, componentTask } from './componentTask';
import { Deployment } from '../deployments/DeploymentStore';
import {
  recordDeploymentTask,
  RecordDeploymentTaskDeps,
} from './recordDeploymentTask';

/**
 * Options of {@link ComponentLifecycle.create}.
 *
 * @internal
 */
export type ComponentLifecycleOptions = RecordDeploymentTaskDeps;

/** @internal */
export type ComponentLifecycleSwitchOptions = {
  flowName: ComponentFlow;
  deploymentId: string;
  /** The version the caller saw; the deployment's version on arrival when absent. */
  expectedVersion?: number;
  components: string[];
  createdBy: string;
};

/**
 * Stops, starts and restarts components of a deployment as users ask (the glossary,
 * "Component": lifecycle operations apply to the component as a unit): a stop_components,
 * start_components or restart_components task whose flow run the cluster's agent runs. It
 * records intent only; the deployment's configuration and version stay as they are, and a
 * stopped component keeps its replica override.
 *
 * The components must be the deployment's driver version's; the deployment's state and
 * version are checked as for every task on its workload (recordDeploymentTask). Each
 * refusal writes nothing.
 *
 * @internal
 */
export class ComponentLifecycle {
  readonly #options: ComponentLifecycleOptions;

  static create(options: ComponentLifecycleOptions): ComponentLifecycle {
    return new ComponentLifecycle(options);
  }

  private constructor(options: ComponentLifecycleOptions) {
    this.#options = options;
  }

  async switchComponents(
    options: ComponentLifecycleSwitchOptions,
  ): Promise<{ deployment: Deployment; task: Task }> {
    const { deploymentId, expectedVersion, flowName, components, createdBy } =
      options;
    return recordDeploymentTask(this.#options, {
      deploymentId,
      expectedVersion,
      operation: 'components can be stopped, started and restarted',
      check: driver => checkComponents(driver, components),
      task: componentTask(flowName, components),
      createdBy,
    });
  }
}
