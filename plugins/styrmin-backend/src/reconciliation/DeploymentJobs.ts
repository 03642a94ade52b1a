import { RUN_JOB_STEP, validateRunJob } from '@styrmin/plugin-styrmin-common';
import { Task } from '../tasks/TaskStore';
import { checkDeclaredComponents } from './componentTask';
import { Deployment } from '../deployments/DeploymentStore';
import {
  recordDeploymentTask,
  RecordDeploymentTaskDeps,
} from './recordDeploymentTask';

/**
 * Options of {@link DeploymentJobs.create}.
 *
 * @internal
 */
export type DeploymentJobsOptions = RecordDeploymentTaskDeps;

/** @internal */
export type DeploymentJobsRunJobOptions = {
  deploymentId: string;
  /** The version the caller saw; the deployment's version on arrival when absent. */
  expectedVersion?: number;
  component: string;
  /** The program and its arguments. */
  command: string[];
  /** Default 600. */
  timeoutSeconds?: number;
  createdBy: string;
};

/**
 * Runs commands in a Job of a deployment as users ask: a run_job task whose RUN_JOB flow
 * run the cluster's agent runs by the rules of execute_commands (the Driver API), the
 * component, the command and its timeout in the run's parameters. It records intent only;
 * the deployment's configuration and version stay as they are.
 *
 * The command must keep its bounds (validateRunJob) and the component must be the
 * deployment's driver version's; the deployment's state and version are checked as for
 * every task on its workload (recordDeploymentTask). Each refusal writes nothing.
 *
 * @internal
 */
export class DeploymentJobs {
  readonly #options: DeploymentJobsOptions;

  static create(options: DeploymentJobsOptions): DeploymentJobs {
    return new DeploymentJobs(options);
  }

  private constructor(options: DeploymentJobsOptions) {
    this.#options = options;
  }

  async runJob(
    options: DeploymentJobsRunJobOptions,
  ): Promise<{ deployment: Deployment; task: Task }> {
    const { deploymentId, expectedVersion, createdBy } = options;
    const job = validateRunJob(options);
    return recordDeploymentTask(this.#options, {
      deploymentId,
      expectedVersion,
      operation: 'a job can run',
      check: driver =>
        checkDeclaredComponents(driver, {
          components: [job.component],
          field: 'component',
        }),
      task: {
        flowName: 'RUN_JOB',
        parameters: { ...job },
        stepNames: [RUN_JOB_STEP],
      },
      createdBy,
    });
  }
}
