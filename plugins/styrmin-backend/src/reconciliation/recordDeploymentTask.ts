import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  DeploymentState,
  DriverSpec,
  PromptAnswers,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { ClusterStore } from '../clusters/ClusterStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { checkVersion, liveEnvironment } from './recordChecks';
import { Remediator, TaskIntent } from '../remediator/Remediator';
import { Task } from '../tasks/TaskStore';
import { Deployment, DeploymentStore } from '../deployments/DeploymentStore';

/**
 * What {@link recordDeploymentTask} needs.
 *
 * @internal
 */
export type RecordDeploymentTaskDeps = {
  knex: Knex;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  drivers: DriverStore;
  remediator: Remediator;
};

/** The states in which a deployment's workload takes a task that a user starts. */
const ACTIONABLE_STATES: ReadonlySet<DeploymentState> = new Set([
  'RUNNING',
  'FAILED',
]);

/**
 * Records a task that a user starts on a deployment's workload without changing its intent
 * (stop or start components, run a job), by the rules they share: the deployment is
 * RUNNING or FAILED and not deleted (else CONFLICT, saying what `operation` needs); the
 * version the caller saw is still its version (else CONFLICT); `check` accepts the input
 * against its driver version, in the transaction that records the task. Like a change, it locks the deployment's environment first,
 * so that it never interleaves with a change of the same environment; each refusal writes
 * nothing. The remediator records the task and its flow run in the cluster's work pool.
 *
 * @internal
 */
export async function recordDeploymentTask(
  deps: RecordDeploymentTaskDeps,
  options: {
    deploymentId: string;
    /** The version the caller saw; the deployment's version on arrival when absent. */
    expectedVersion?: number;
    /** What the refusal of a deployment in another state says it takes: "a job runs". */
    operation: string;
    check(driver: DriverSpec, tx: Knex.Transaction): void | Promise<void>;
    task: TaskIntent;
    createdBy: string;
    /** The state the task puts the deployment in until it ends; absent keeps it. */
    state?: DeploymentState;
    /** The answers to the prompts of the actions the task runs. */
    prompts?: PromptAnswers;
    /** What else the task's record writes, in its transaction. */
    recorded?(task: Task, tx: Knex.Transaction): Promise<void>;
  },
): Promise<{ deployment: Deployment; task: Task }> {
  const { knex, deployments, environments, clusters, drivers } = deps;
  const { deploymentId } = options;
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
    checkVersion(`Deployment ${deployment.name}`, deployment, expectedVersion);
    if (deployment.deletedAt) {
      throw new ConflictError(
        `Deployment ${deployment.name} is deleted (${deployment.state}); a deleted deployment takes no task`,
      );
    }
    if (!ACTIONABLE_STATES.has(deployment.state)) {
      throw new ConflictError(
        `Deployment ${deployment.name} is ${deployment.state}: ${options.operation} while it is RUNNING or FAILED`,
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
    await options.check(driver.spec, tx);
    const cluster = (await clusters.getCluster({
      tx,
      id: environment.clusterId,
    }))!;
    const { task } = await deps.remediator.recordTask({
      tx,
      cluster,
      deploymentId,
      task: options.task,
      createdBy: options.createdBy,
      state: options.state,
      prompts: options.prompts,
    });
    await options.recorded?.(task, tx);
    return { deployment, task };
  });
}
