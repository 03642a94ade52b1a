import {
  DriverSpec,
  RemediationFlow,
  takesRestorePoint,
} from '@styrmin/plugin-styrmin-common';
import { Environment } from '../environments/EnvironmentStore';
import { PlanBackup } from './Plan';

/**
 * Whether the change takes a backup of the deployment before it runs (its restore point),
 * decided as the remediator decides it (`takesRestorePoint`: only an upgrade, by the
 * environment's `backup_before_upgrade`), and why.
 *
 * @internal
 */
export function planBackup(options: {
  environment: Environment;
  flowName?: RemediationFlow;
  /** The driver version the change deploys. */
  driver: DriverSpec;
}): PlanBackup {
  const { environment, flowName, driver } = options;
  const policy = environment.settings.backup_before_upgrade;
  if (flowName !== 'UPGRADE_INSTANCE') {
    return { taken: false, reason: 'Only an upgrade takes a backup first' };
  }
  const taken = takesRestorePoint({ flowName, driver, policy });
  const setting = policy
    ? `Environment ${environment.name} sets backup_before_upgrade: ${policy}`
    : `Environment ${environment.name} sets no backup_before_upgrade (never)`;
  if (policy !== 'on_data_migration') {
    return { taken, reason: setting };
  }
  return {
    taken,
    reason: taken
      ? `${setting}, and an upgrade action of ${driver.metadata.name} ${driver.spec.version} migrates data`
      : `${setting}, and no upgrade action of ${driver.metadata.name} ${driver.spec.version} declares migratesData`,
  };
}
