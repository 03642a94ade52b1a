import { ContextChange, DriverSpec } from '@styrmin/plugin-styrmin-common';
import { lt } from 'semver';
import { DriverVersionRef } from '../deployments/DeploymentStore';
import { PlanWarning } from './Plan';

/**
 * The warnings of a plan that its context diff tells:
 *
 * 1. DOWNGRADE: the change moves the deployment to an older version of its driver.
 * 2. SINGLETON_RESTART: the context of a singleton component of the driver version it
 *    deploys changes (`components.<name>.…`): its one pod is replaced, and the component
 *    serves nothing meanwhile.
 *
 * @internal
 */
export function planWarnings(options: {
  fromDriver?: DriverVersionRef;
  driver: DriverVersionRef;
  spec: DriverSpec;
  diff: readonly ContextChange[];
}): PlanWarning[] {
  const { fromDriver, driver, spec, diff } = options;
  const warnings: PlanWarning[] = [];
  if (fromDriver && lt(driver.version, fromDriver.version)) {
    warnings.push({
      code: 'DOWNGRADE',
      message: `Driver ${driver.name} goes back from ${fromDriver.version} to ${driver.version}: the older version's upgrade hook runs on data the newer one may have migrated`,
    });
  }
  for (const [name, component] of Object.entries(spec.spec.components)) {
    if (
      component.singleton &&
      diff.some(change => change.path.startsWith(`components.${name}.`))
    ) {
      warnings.push({
        code: 'SINGLETON_RESTART',
        component: name,
        message: `Component ${name} is a singleton: its one pod is replaced, and it serves nothing until the new one is ready`,
      });
    }
  }
  return warnings;
}
