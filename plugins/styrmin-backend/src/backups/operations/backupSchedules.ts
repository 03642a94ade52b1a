import { NotFoundError } from '@backstage/errors';
import {
  BackupSchedule,
  parseBackupSchedule,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { valueOrThrow } from '../../reconciliation/recordChecks';
import {
  BackupScheduleOwner,
  BackupScheduleRecord,
} from '../BackupScheduleStore';
import { DeploymentBackupsDeps } from '../DeploymentBackupsDeps';
import { isTombstone } from './deploymentRecords';

/** @internal */
export type SetBackupScheduleOptions = {
  owner: BackupScheduleOwner;
  cron: string;
  /** Default 30d. */
  ttl?: string;
  paused?: boolean;
  updatedBy: string;
};

/**
 * Sets the backup schedule of a deployment (not deleted) or of an environment: creates it,
 * or changes the one it has. A schedule that breaks a rule is VALIDATION_FAILED with each
 * problem; an unknown owner NOT_FOUND; a tombstone CONFLICT.
 *
 * @internal
 */
export async function setBackupSchedule(
  deps: DeploymentBackupsDeps,
  options: SetBackupScheduleOptions,
): Promise<BackupScheduleRecord> {
  const { owner, updatedBy } = options;
  const schedule: BackupSchedule = valueOrThrow(
    parseBackupSchedule({
      cron: options.cron,
      ttl: options.ttl ?? '30d',
      paused: options.paused,
    }),
  );
  return deps.knex.transaction(async tx => {
    await checkOwner(deps, owner, tx);
    const current = await deps.backupSchedules.getBackupSchedule({
      tx,
      ...owner,
    });
    return deps.backupSchedules.putBackupSchedule({
      tx,
      owner,
      schedule,
      expectedVersion: current?.version,
      updatedBy,
    });
  });
}

/**
 * Removes the backup schedule of a deployment (which inherits its environment's again) or
 * of an environment; answers whether there was one.
 *
 * @internal
 */
export async function removeBackupSchedule(
  deps: DeploymentBackupsDeps,
  options: { owner: BackupScheduleOwner },
): Promise<boolean> {
  const { owner } = options;
  return deps.knex.transaction(async tx => {
    await checkOwner(deps, owner, tx);
    const current = await deps.backupSchedules.getBackupSchedule({
      tx,
      ...owner,
    });
    if (!current) {
      return false;
    }
    await deps.backupSchedules.deleteBackupSchedule({
      tx,
      id: current.id,
      expectedVersion: current.version,
    });
    return true;
  });
}

async function checkOwner(
  deps: DeploymentBackupsDeps,
  owner: BackupScheduleOwner,
  tx: Knex.Transaction,
): Promise<void> {
  if (owner.deploymentId !== undefined) {
    const deployment = await deps.deployments.getDeployment({
      tx,
      id: owner.deploymentId,
    });
    if (!deployment) {
      throw new NotFoundError(
        `Deployment ${owner.deploymentId} does not exist`,
      );
    }
    if (isTombstone(deployment)) {
      throw new StyrminError(
        'CONFLICT',
        `Deployment ${deployment.name} is deleted: it takes no backup schedule`,
      );
    }
    return;
  }
  const environment = await deps.environments.getEnvironment({
    tx,
    id: owner.environmentId,
  });
  if (!environment) {
    throw new NotFoundError(
      `Environment ${owner.environmentId} does not exist`,
    );
  }
}
