import { TaskType } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { isTombstone } from '../backups/operations/deploymentRecords';
import { Deployment } from '../deployments/DeploymentStore';
import { TaskStore } from '../tasks/TaskStore';
import { deploymentIdOf } from '../tasks/deploymentIdOf';

/** The tasks that apply an instance: what tells a deployment's creation from a later change. */
const INSTANCE_TASK_TYPES: ReadonlySet<TaskType> = new Set([
  'create_instance',
  'update_instance',
  'upgrade_instance',
]);

/**
 * The deployments of an environment that an environment backup captures, and an
 * environment clone copies: every deployment but a tombstone (DELETING, DELETED) and one
 * that FAILED at its creation (FAILED, and the newest task that applied an instance is its
 * create_instance, which failed or crashed): nothing of it ever ran. A deployment that
 * failed later (a change, a restore) is eligible: its volumes hold its data.
 *
 * @internal
 */
export async function eligibleDeployments(
  deps: { tasks: TaskStore },
  options: { tx: Knex.Transaction; deployments: readonly Deployment[] },
): Promise<Deployment[]> {
  const { tx } = options;
  const living = options.deployments.filter(d => !isTombstone(d));
  const failed = living.filter(d => d.state === 'FAILED');
  const newestInstanceTasks = await deps.tasks.getNewestTasks({
    tx,
    deploymentIds: failed.map(d => d.id),
    ignoreTypes: TaskType.values.filter(type => !INSTANCE_TASK_TYPES.has(type)),
  });
  const failedAtCreation = new Set(
    newestInstanceTasks
      .filter(
        task =>
          task.type === 'create_instance' &&
          (task.status === 'FAILED' || task.status === 'CRASHED'),
      )
      .map(deploymentIdOf),
  );
  return living.filter(d => !failedAtCreation.has(d.id));
}
