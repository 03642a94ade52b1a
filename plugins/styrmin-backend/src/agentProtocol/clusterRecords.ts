import { ConflictError, NotFoundError } from '@backstage/errors';
import { Cluster } from '../clusters/ClusterStore';
import { TransactionOption } from '../database/TransactionOption';
import { isUuid } from '../database/uuid';
import { Deployment } from '../deployments/DeploymentStore';
import { FlowRun, FlowRunLease } from '../flows/FlowRunStore';
import { Step, Task } from '../tasks/TaskStore';
import { AgentProtocolDeps } from './AgentProtocolDeps';

/*
 * The records an agent may name, found for its cluster only: anything of another cluster
 * is NOT_FOUND with the same words as a record that does not exist, so that a token learns
 * nothing about other clusters.
 */

/** The flow run, if it is in the cluster's work pool. */
export async function findClusterRun(
  deps: Pick<AgentProtocolDeps, 'flowRuns'>,
  options: TransactionOption & { cluster: Cluster; runId: string },
): Promise<FlowRun> {
  const { tx, cluster, runId } = options;
  const run = isUuid(runId)
    ? await deps.flowRuns.getFlowRun({ tx, flowRunId: runId })
    : undefined;
  if (!run || run.pool !== cluster.workPool) {
    throw new NotFoundError(`No flow run ${runId}`);
  }
  return run;
}

/** The task of a run of the cluster, and one of its steps. */
export async function findRunStep(
  deps: Pick<AgentProtocolDeps, 'tasks'>,
  options: TransactionOption & { run: FlowRun; stepId: string },
): Promise<{ task: Task; step: Step }> {
  const { tx, run, stepId } = options;
  const task = await deps.tasks.getTaskOfFlowRun({ tx, flowRunId: run.id });
  const step = task?.steps.find(s => s.id === stepId);
  if (!task || !step) {
    throw new NotFoundError(`Flow run ${run.id} has no step ${stepId}`);
  }
  return { task, step };
}

/** The deployment, if it is in an environment of the cluster. */
export async function findClusterDeployment(
  deps: Pick<AgentProtocolDeps, 'deployments' | 'environments'>,
  options: TransactionOption & { cluster: Cluster; deploymentId: string },
): Promise<Deployment> {
  const { tx, cluster, deploymentId } = options;
  const deployment = isUuid(deploymentId)
    ? await deps.deployments.getDeployment({ tx, id: deploymentId })
    : undefined;
  const [environment] = deployment
    ? await deps.environments.getEnvironments({
        tx,
        ids: [deployment.environmentId],
      })
    : [];
  if (!deployment || environment?.clusterId !== cluster.id) {
    throw new NotFoundError(`No deployment ${deploymentId}`);
  }
  return deployment;
}

/** Whether the run is still RUNNING under this lease. */
export function holdsLease(run: FlowRun, lease: FlowRunLease): boolean {
  return (
    run.state === 'RUNNING' &&
    run.leaseOwner === lease.owner &&
    run.attempts === lease.attempt
  );
}

/** The refusal of a report under a lease that is gone. */
export function lostLease(run: FlowRun, lease: FlowRunLease): ConflictError {
  const holder = run.leaseOwner
    ? `leased to ${run.leaseOwner} for attempt ${run.attempts}`
    : `not leased (attempt ${run.attempts})`;
  return new ConflictError(
    `Flow run ${run.id} is ${run.state} and ${holder}, not leased to ${lease.owner} ` +
      `for attempt ${lease.attempt}`,
  );
}
