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
};

/**
 * Records a backup of a deployment's active instance and its create_backup task, in one
 * transaction, through the remediator. Refused with CONFLICT, writing nothing: a
 * tombstone; a deployment that is not RUNNING or FAILED (deploying, restoring: the
 * namespace is changing); one without an active instance; one whose environment has no
 * backup storage location, or one without a bucket and credentials. A second backup for
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
    if (deployment.state !== 'RUNNING' && deployment.state !== 'FAILED') {
      refuse(`it is ${deployment.state}; back up when it is RUNNING or FAILED`);
    }
    const [active] = await deps.instances.getActiveInstances({
      tx,
      deploymentIds: [deploymentId],
    });
    if (!active) {
      refuse('it has no active instance');
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
