import { BackupBeforeUpgrade } from '../configuration/EnvironmentSettings';
import { DriverSpec } from '../driver/DriverSpec';
import { FlowName } from './FlowName';

/**
 * The first step of an upgrade that takes a restore point: a backup of the deployment
 * (its create_backup task, started from the step), before any hook or the new
 * StyrminDeployment resource changes the namespace. The upgrade goes on only when the
 * backup completed.
 *
 * @public
 */
export const TAKE_RESTORE_POINT_STEP = 'Take the restore point';

/**
 * The last step of a rollback with data: the in-place restore of the restore point (a
 * restore_backup task started from the step, the deployment RESTORING while it runs),
 * once the earlier instance's state is applied again and its hooks ran.
 *
 * @public
 */
export const RESTORE_RESTORE_POINT_STEP = 'Restore the restore point';

/**
 * Whether a flow takes a restore point, by the environment's `backup_before_upgrade`:
 *
 * 1. Only UPGRADE_INSTANCE does: a create or an edit keeps the driver version, whose
 *    data the instance before reads already.
 * 2. `always`: every upgrade does.
 * 3. `on_data_migration`: an upgrade does when an action of the upgrade hook of the
 *    version it moves to (`driver`) declares `migratesData`.
 * 4. `never`, or no setting: none does.
 *
 * @public
 */
export function takesRestorePoint(options: {
  flowName: FlowName;
  /** The driver version the flow deploys. */
  driver: DriverSpec;
  policy: BackupBeforeUpgrade | undefined;
}): boolean {
  const { flowName, driver, policy } = options;
  if (flowName !== 'UPGRADE_INSTANCE') {
    return false;
  }
  if (policy === 'always') {
    return true;
  }
  if (policy === 'on_data_migration') {
    return driver.spec.actions.some(
      action => action.hook === 'upgrade' && action.migratesData === true,
    );
  }
  return false;
}
