import { NotFoundError } from '@backstage/errors';
import { FlowRunState } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { BackupStore } from '../backups/BackupStore';
import { Clock } from '../database/Clock';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { TaskStore } from '../tasks/TaskStore';
import { EnvironmentBackupStore } from './EnvironmentBackupStore';
import {
  EnvironmentBackupView,
  viewEnvironmentBackup,
} from './environmentBackupStatus';
import {
  decideEnvironmentRestore,
  EnvironmentRestoreDecision,
} from './restoreDecisions';

/** The states of a task that has not ended. */
const OPEN: FlowRunState[] = ['SCHEDULED', 'RUNNING'];

/**
 * What the environment restore's plan reads with.
 *
 * @internal
 */
export type RestorePlanDeps = {
  clock: Clock;
  deployments: DeploymentStore;
  tasks: TaskStore;
  backups: BackupStore;
  environmentBackups: EnvironmentBackupStore;
};

/**
 * What an environment restore of one environment backup would do now.
 *
 * @internal
 */
export type EnvironmentRestorePlan = EnvironmentRestoreDecision & {
  view: EnvironmentBackupView;
};

/**
 * Reads an environment backup with its constituents as they are now, the deployments it
 * captured (tombstones included) and which of them have a task that has not ended, and
 * decides what an environment restore would restore (`decideEnvironmentRestore`). Writes
 * nothing; an unknown environment backup is NOT_FOUND.
 *
 * @internal
 */
export async function readEnvironmentRestorePlan(
  deps: RestorePlanDeps,
  options: { tx: Knex | Knex.Transaction; environmentBackupId: string },
): Promise<EnvironmentRestorePlan> {
  const { tx, environmentBackupId } = options;
  const environmentBackup = await deps.environmentBackups.getEnvironmentBackup({
    tx,
    id: environmentBackupId,
  });
  if (!environmentBackup) {
    throw new NotFoundError(
      `Environment backup ${environmentBackupId} does not exist`,
    );
  }
  const captured = environmentBackup.deployments;
  const [backups, deployments] = await Promise.all([
    deps.backups.getBackups({ tx, ids: captured.map(d => d.backupId) }),
    deps.deployments.getDeployments({
      tx,
      ids: captured.map(d => d.deploymentId),
    }),
  ]);
  const busyDeploymentIds = new Set<string>();
  for (const { id } of deployments) {
    const open = await deps.tasks.listTasks({
      tx,
      deploymentId: id,
      statuses: OPEN,
    });
    if (open.length > 0) {
      busyDeploymentIds.add(id);
    }
  }
  const view = viewEnvironmentBackup(
    environmentBackup,
    new Map(backups.map(backup => [backup.id, backup])),
  );
  return {
    view,
    ...decideEnvironmentRestore({
      view,
      deployments: new Map(deployments.map(d => [d.id, d])),
      busyDeploymentIds,
      now: deps.clock.now(),
    }),
  };
}
