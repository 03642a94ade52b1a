import { FlowRunState } from '@styrmin/plugin-styrmin-common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { FlowStepRun } from '../flows/Flow';
import { TaskStore } from '../tasks/TaskStore';

/** The states of a task that has not ended. */
const OPEN: FlowRunState[] = ['SCHEDULED', 'RUNNING'];

/** How often the environment flows look again at the deployments they wait for. */
export const RESTORE_TARGETS_POLL_MS = 1_000;

/**
 * Waits until none of the deployments has a task that has not ended, so that a restore
 * into them may start (a restore is refused beside another task): the redeployments an
 * environment's configuration or a sibling's change started, the creation of a clone's
 * deployment. With `running`, until each is RUNNING too; a deployment that FAILED, or is
 * gone or deleted, fails the step naming it. Stops when the step's signal aborts.
 *
 * @internal
 */
export async function waitForRestoreTargets(
  deps: { deployments: DeploymentStore; tasks: TaskStore },
  stepRun: Pick<FlowStepRun, 'signal'>,
  options: { deploymentIds: readonly string[]; running?: boolean },
): Promise<void> {
  const { deploymentIds, running = false } = options;
  for (;;) {
    const deployments = await deps.deployments.getDeployments({
      ids: [...deploymentIds],
    });
    const broken = deployments.find(
      d => d.deletedAt !== undefined || (running && d.state === 'FAILED'),
    );
    if (broken) {
      throw new Error(
        `Deployment ${broken.name} is ${broken.state}${
          broken.stateReason ? ` (${broken.stateReason})` : ''
        }: it cannot be restored into`,
      );
    }
    if (deployments.length < deploymentIds.length) {
      throw new Error(
        `A deployment to restore into is not stored: ${deploymentIds
          .filter(id => !deployments.some(d => d.id === id))
          .join(', ')}`,
      );
    }
    let ready = !running || deployments.every(d => d.state === 'RUNNING');
    for (const deployment of ready ? deployments : []) {
      const open = await deps.tasks.listTasks({
        deploymentId: deployment.id,
        statuses: OPEN,
      });
      ready &&= open.length === 0;
    }
    if (ready) {
      return;
    }
    await sleep(RESTORE_TARGETS_POLL_MS, undefined, { signal: stepRun.signal });
  }
}
