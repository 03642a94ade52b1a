import {
  BackupTrigger,
  isBackupStorageLocationConfigured,
  StyrminError,
  veleroBackupName,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../database/inTransaction';
import { Backup } from '../BackupStore';
import { TaskStartedBy } from '../../remediator/Remediator';
import { SCHEDULED_BACKUP_CAUSE } from '../../remediator/taskCauses';
import {
  DEFAULT_BACKUP_TTL_SECONDS,
  DeploymentBackupsDeps,
} from '../DeploymentBackupsDeps';
import { createBackupIntent } from './backupTaskIntents';
import { isTombstone, lockedDeploymentRecords } from './deploymentRecords';

/** @internal */
export type CreateBackupOptions = {
  deploymentId: string;
  /** Default {@link DEFAULT_BACKUP_TTL_SECONDS}. */
  ttlSeconds?: number;
  trigger: BackupTrigger;
  /** With trigger SCHEDULE: the slot it fills. */
  scheduledFor?: Date;
  createdBy: string;
  /** The environment backup it is a constituent of, which records it in `tx`. */
  environmentBackupId?: string;
  /** The caller's transaction; one of its own when absent. */
  tx?: Knex.Transaction;
  /** For a backup that a step of another task takes: its task's start key, and the step. */
  startedBy?: TaskStartedBy;
  /**
   * The instance whose upgrade takes the backup as its restore point, from its first step
   * ("Take the restore point"): the deployment is DEPLOYING for that upgrade, before
   * anything changed its namespace, and the backup is of the instance before it. The
   * instance records the backup in `tx`.
   */
  restorePointOf?: string;
};

/**
 * Records a backup of a deployment's active instance and its create_backup task, in one
 * transaction, through the remediator. Refused with CONFLICT, writing nothing: a
 * tombstone; a deployment that is not RUNNING or FAILED (deploying, restoring: the
 * namespace is changing), but for a restore point, which its own upgrade makes DEPLOYING;
 * one without an active instance; one whose environment has no backup storage location,
 * or one without a bucket and credentials. A second backup for
 * a schedule's slot is CONFLICT too (the store's slot rule), so that two replicas start
 * one between them.
 *
 * @internal
 */
export async function createBackup(
  deps: DeploymentBackupsDeps,
  options: CreateBackupOptions,
): Promise<Backup> {
  const { deploymentId, createdBy } = options;
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_BACKUP_TTL_SECONDS;
  return inTransaction(options.tx ?? deps.knex, async tx => {
    const { deployment, environment, cluster } = await lockedDeploymentRecords(
      deps,
      { tx, deploymentId },
    );
    const refuse = (why: string): never => {
      throw new StyrminError(
        'CONFLICT',
        `Deployment ${deployment.name} cannot be backed up: ${why}`,
      );
    };
    if (isTombstone(deployment)) {
      refuse('it is deleted (its backup history stays)');
    }
    const restorePointOf = options.restorePointOf;
    if (
      !restorePointOf &&
      deployment.state !== 'RUNNING' &&
      deployment.state !== 'FAILED'
    ) {
      refuse(`it is ${deployment.state}; back up when it is RUNNING or FAILED`);
    }
    const active = restorePointOf
      ? await instanceBefore(deps, { tx, deploymentId, restorePointOf })
      : (
          await deps.instances.getActiveInstances({
            tx,
            deploymentIds: [deploymentId],
          })
        )[0];
    if (!active) {
      refuse(
        restorePointOf
          ? `instance ${restorePointOf} has no instance before it`
          : 'it has no active instance',
      );
    }
    if (!environment.backupStorageLocation) {
      refuse(`environment ${environment.name} has no backup storage location`);
    }
    const location = await deps.backupStorageLocations.getBackupStorageLocation(
      { tx, name: environment.backupStorageLocation! },
    );
    if (!location || !isBackupStorageLocationConfigured(location)) {
      refuse(
        `the backup storage location ${environment.backupStorageLocation} of environment ${environment.name} has no bucket or credentials yet`,
      );
    }
    const id = randomUUID();
    const veleroName = veleroBackupName({
      deploymentName: deployment.name,
      backupId: id,
    });
    const { task } = await deps.remediator.recordTask({
      tx,
      cluster,
      deploymentId,
      task: createBackupIntent({
        deploymentId,
        instanceId: active!.id,
        backupId: id,
        veleroBackupName: veleroName,
        storageLocation: location!.name,
        ttlSeconds,
      }),
      createdBy,
      startedBy: options.startedBy,
      ...(options.trigger === 'SCHEDULE' && { cause: SCHEDULED_BACKUP_CAUSE }),
    });
    if (restorePointOf) {
      await deps.instances.setRestorePoint({
        tx,
        id: restorePointOf,
        backupId: id,
      });
    }
    return deps.backups.createBackup({
      tx,
      id,
      deploymentId,
      deploymentName: deployment.name,
      instanceId: active!.id,
      backupStorageLocationId: location!.id,
      taskId: task.id,
      trigger: options.trigger,
      scheduledFor: options.scheduledFor,
      ttlSeconds,
      environmentBackupId: options.environmentBackupId,
      createdBy,
    });
  });
}

/**
 * The instance before the one whose upgrade takes a restore point: what the namespace
 * runs while the upgrade's first step backs it up.
 */
async function instanceBefore(
  deps: DeploymentBackupsDeps,
  options: {
    tx: Knex.Transaction;
    deploymentId: string;
    restorePointOf: string;
  },
) {
  const { tx, deploymentId, restorePointOf } = options;
  const [upgraded] = await deps.instances.getInstances({
    tx,
    ids: [restorePointOf],
  });
  if (!upgraded || upgraded.deploymentId !== deploymentId) {
    return undefined;
  }
  const { instances } = await deps.instances.listInstances({
    tx,
    deploymentId,
    before: upgraded.number,
    limit: 1,
  });
  return instances[0];
}
