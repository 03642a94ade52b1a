import { DeploymentState } from '../domain/DeploymentState';
import { StyrminErrorCode } from '../errors/StyrminErrorCode';
import { VeleroBackupPhase } from './veleroPhases';

/**
 * Why a restore is refused: the code the API answers with, and what to tell the user.
 *
 * @public
 */
export type RestoreRefusal = {
  code: StyrminErrorCode;
  message: string;
};

/**
 * Why a backup cannot be restored from, whatever the target: undefined when it can. The
 * UI disables Restore with this reason.
 *
 * 1. Only a Completed backup: a PartiallyFailed one lacks items or volumes, and one that
 *    has not ended has nothing to restore yet.
 * 2. Not an expired one: its record and Velero objects are about to go.
 *
 * @public
 */
export function backupRefusal(options: {
  backup: { phase?: VeleroBackupPhase; expiresAt?: Date };
  now: Date;
}): RestoreRefusal | undefined {
  const { backup, now } = options;
  if (backup.phase !== 'Completed') {
    return {
      code: 'CONFLICT',
      message: `The backup is ${
        backup.phase ?? 'not started'
      }: only a Completed backup can be restored`,
    };
  }
  if (backup.expiresAt && backup.expiresAt.getTime() <= now.getTime()) {
    return {
      code: 'CONFLICT',
      message: `The backup expired at ${backup.expiresAt.toISOString()}`,
    };
  }
  return undefined;
}

/**
 * Why a restore of a backup into a deployment is refused, undefined when it may start.
 * The rules, in the order they are tried:
 *
 * 1. The target is no tombstone: a deployment that is deleted or being deleted has no
 *    workload to restore into (its backup history stays readable).
 * 2. The backup can be restored from ({@link backupRefusal}).
 * 3. The target is the deployment the backup was taken of (an in-place restore), unless
 *    an environment clone restores it into the deployment it created for it (a
 *    cross-target restore): only a clone makes one.
 * 4. No other task of the target runs: the restore stops its components and replaces its
 *    volumes, which must not race a reconciliation.
 *
 * A refused restore writes nothing.
 *
 * @public
 */
export function restoreRefusal(options: {
  backup: {
    deploymentId: string;
    phase?: VeleroBackupPhase;
    expiresAt?: Date;
  };
  target: {
    id: string;
    name: string;
    state: DeploymentState;
    deletedAt?: Date;
  };
  /** Whether an environment clone asks, for the deployment it created. */
  forClone: boolean;
  /** Whether a task of the target runs (its newest task's result is RUNNING). */
  targetBusy: boolean;
  now: Date;
}): RestoreRefusal | undefined {
  const { backup, target, forClone, targetBusy, now } = options;
  if (
    target.deletedAt !== undefined ||
    target.state === 'DELETING' ||
    target.state === 'DELETED'
  ) {
    return {
      code: 'CONFLICT',
      message: `Deployment ${target.name} is deleted: a backup cannot be restored into a tombstone`,
    };
  }
  const refusal = backupRefusal({ backup, now });
  if (refusal) {
    return refusal;
  }
  if (backup.deploymentId !== target.id && !forClone) {
    return {
      code: 'VALIDATION_FAILED',
      message: `The backup was taken of another deployment than ${target.name}: a backup is restored in place, and only an environment clone restores into another deployment`,
    };
  }
  if (targetBusy) {
    return {
      code: 'CONFLICT',
      message: `Deployment ${target.name} has a task running; restore when it has ended`,
    };
  }
  return undefined;
}
