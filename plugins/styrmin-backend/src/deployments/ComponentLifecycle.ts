import { ConflictError, NotFoundError } from '@backstage/errors';
import { ComponentFlow, DeploymentState } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { ClusterStore } from '../clusters/ClusterStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { checkVersion, liveEnvironment } from '../reconciliation/recordChecks';
import {
  checkComponents,
  dispatchComponentTask,
} from '../tasks/dispatchComponentTask';
import { Task, TaskStore } from '../tasks/TaskStore';
import { Deployment, DeploymentStore } from './DeploymentStore';

/**
 * Options of {@link ComponentLifecycle.create}.
 *
 * @internal
 */
export type ComponentLifecycleOptions = {
  knex: Knex;
  broker: FlowRunBroker;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  drivers: DriverStore;
  tasks: TaskStore;
  changes: ChangeNotifier;
};

/** @internal */
export type ComponentLifecycleSwitchOptions = {
  flowName: ComponentFlow;
  deploymentId: string;
  /** The version the caller saw; the deployment's version on arrival when absent. */
  expectedVersion?: number;
  components: string[];
  createdBy: string;
};

/** The states in which a deployment's components can be stopped or started. */
const SWITCHABLE_STATES: ReadonlySet<DeploymentState> = new Set([
  'RUNNING',
  'FAILED',
]);

/**
 * Stops and starts components of a deployment as users ask (the glossary, "Component":
 * lifecycle operations apply to the component as a unit): a stop_components or
 * start_components task whose flow run the cluster's agent runs. It records intent only;
 * the deployment's configuration and version stay as they are, and a stopped component
 * keeps its replica override.
 *
 * A deployment takes it while RUNNING or FAILED and not deleted; the components must be
 * its driver version's; the version the caller saw must still be the deployment's. Each
 * refusal writes nothing. Like a change, it locks the deployment's environment first, so
 * that it never interleaves with a change of the same environment.
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
    const { knex, deployments, environments, clusters, drivers } =
      this.#options;
    const { deploymentId, flowName, components, createdBy } = options;
    const arrived = await deployments.getDeployment({ id: deploymentId });
    if (!arrived) {
      throw new NotFoundError(`Deployment ${deploymentId} does not exist`);
    }
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return knex.transaction(async tx => {
      const environment = await liveEnvironment({
        environments,
        id: arrived.environmentId,
        tx,
      });
      const deployment = (await deployments.getDeployment({
        tx,
        id: deploymentId,
      }))!;
      checkVersion(
        `Deployment ${deployment.name}`,
        deployment,
        expectedVersion,
      );
      if (deployment.deletedAt || !SWITCHABLE_STATES.has(deployment.state)) {
        throw new ConflictError(
          `Deployment ${deployment.name} is ${deployment.state}${
            deployment.deletedAt ? ' and deleted' : ''
          }: components can be stopped and started while it is RUNNING or FAILED`,
        );
      }
      const driver = await drivers.getDriverVersion({
        tx,
        ...deployment.driver,
      });
      if (!driver) {
        throw new Error(
          `Driver version ${deployment.driver.name} ${deployment.driver.version} is not stored`,
        );
      }
      checkComponents(driver.spec, components);
      const cluster = (await clusters.getCluster({
        tx,
        id: environment.clusterId,
      }))!;
      const { task } = await dispatchComponentTask(this.#options, {
        tx,
        pool: cluster.workPool,
        deploymentId,
        flowName,
        components,
        createdBy,
      });
      this.#options.changes.notify({ tx, deploymentIds: [deploymentId] });
      return { deployment, task };
    });
  }
}
