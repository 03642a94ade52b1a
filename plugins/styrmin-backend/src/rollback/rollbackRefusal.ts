import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { Backup } from '../backups/BackupStore';
import { Instance } from '../instances/Instance';

/**
 * Why a rollback is refused, with its code and the input field at fault.
 *
 * @internal
 */
export type RollbackRefusal = {
  code: Extract<StyrminErrorCode, 'VALIDATION_FAILED' | 'CONFLICT'>;
  field?: 'toInstance' | 'withData';
  message: string;
};

/**
 * Whether a deployment can be rolled back to an earlier instance, in this order:
 *
 * 1. The target is earlier than the active instance (a lower number): VALIDATION_FAILED
 *    on `toInstance` otherwise; without an active instance there is nothing to roll back
 *    (CONFLICT).
 * 2. The target kept its declared state (the configuration it was generated from), which
 *    the instances recorded before restore points did not: CONFLICT.
 * 3. With data, an upgrade after the target took a restore point of it:
 *    VALIDATION_FAILED on `withData` otherwise.
 * 4. That restore point's backup Completed: CONFLICT otherwise (still running, failed).
 *
 * Undefined: the rollback may go ahead (the change itself is then checked as any change:
 * a tombstone, the retired-parameter rule, the version).
 *
 * @internal
 */
export function rollbackRefusal(options: {
  deploymentName: string;
  active?: Pick<Instance, 'number'>;
  target: Pick<Instance, 'number' | 'configuration'>;
  withData: boolean;
  /** The restore point of the target, when `withData`: absent for none. */
  restorePoint?: Pick<Backup, 'veleroBackupName' | 'status'>;
}): RollbackRefusal | undefined {
  const { deploymentName, active, target, withData, restorePoint } = options;
  if (!active) {
    return {
      code: 'CONFLICT',
      message: `Deployment ${deploymentName} has no active instance to roll back`,
    };
  }
  if (target.number >= active.number) {
    return {
      code: 'VALIDATION_FAILED',
      field: 'toInstance',
      message: `Instance ${target.number} is not earlier than the active instance ${active.number} of ${deploymentName}: a rollback goes back to an earlier instance`,
    };
  }
  if (!target.configuration) {
    return {
      code: 'CONFLICT',
      message: `Instance ${target.number} of ${deploymentName} was recorded before instances kept their declared state: it cannot be declared again`,
    };
  }
  if (withData && !restorePoint) {
    return {
      code: 'VALIDATION_FAILED',
      field: 'withData',
      message: `Instance ${target.number} of ${deploymentName} has no restore point: no upgrade after it took a backup (backup_before_upgrade); roll back its configuration only`,
    };
  }
  if (withData && restorePoint!.status.phase !== 'Completed') {
    return {
      code: 'CONFLICT',
      message: `The restore point ${
        restorePoint!.veleroBackupName
      } of instance ${target.number} is ${
        restorePoint!.status.phase ?? 'not reported yet'
      }: only a Completed backup is restored`,
    };
  }
  return undefined;
}
