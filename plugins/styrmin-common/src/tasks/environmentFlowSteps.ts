/**
 * The optional first step of UPGRADE_ENVIRONMENT: an environment backup, whose
 * constituents must complete before the first upgrade starts.
 *
 * @public
 */
export const BACK_UP_ENVIRONMENT_STEP = 'Back up the environment';

/**
 * The step of UPGRADE_ENVIRONMENT that upgrades one deployment: it starts the deployment's
 * upgrade task and waits for it. One per planned upgrade, in the plan's order.
 *
 * @public
 */
export function upgradeDeploymentStepName(options: {
  deploymentName: string;
  toVersion: string;
}): string {
  return `Upgrade ${options.deploymentName} to ${options.toVersion}`;
}

/**
 * The step of RESTORE_ENVIRONMENT that restores one constituent: the deployment's declared
 * state put back to the captured one, then its in-place restore. One per constituent the
 * restore's plan restores, by name.
 *
 * @public
 */
export function restoreConstituentStepName(options: {
  deploymentName: string;
}): string {
  return `Restore ${options.deploymentName}`;
}

/**
 * The step of CLONE_ENVIRONMENT that restores one of the deployments it created from its
 * source's constituent backup (a cross-target restore). One per created deployment.
 *
 * @public
 */
export function restoreCloneStepName(options: {
  deploymentName: string;
}): string {
  return `Restore ${options.deploymentName} from its constituent backup`;
}

/**
 * The planned steps of the environment flows (the `server` pool's), named as the tasks
 * record them: fixed names, and builders for the steps that the task plans one per
 * deployment.
 *
 * @public
 */
export const ENVIRONMENT_FLOW_STEPS = {
  UPGRADE_ENVIRONMENT: {
    backUp: BACK_UP_ENVIRONMENT_STEP,
    upgrade: upgradeDeploymentStepName,
  },
  RESTORE_ENVIRONMENT: {
    configure: 'Apply the environment configuration',
    restore: restoreConstituentStepName,
    report: 'Report what was not restored',
  },
  CLONE_ENVIRONMENT: {
    backUp: BACK_UP_ENVIRONMENT_STEP,
    create: 'Create the deployments',
    waitRunning: 'Wait for the deployments to run',
    restore: restoreCloneStepName,
  },
} as const;

/**
 * The flows that act on a whole environment, in the server's own pool.
 *
 * @public
 */
export const ENVIRONMENT_FLOWS = [
  'UPGRADE_ENVIRONMENT',
  'RESTORE_ENVIRONMENT',
  'CLONE_ENVIRONMENT',
] as const;

/** @public */
export type EnvironmentFlow = (typeof ENVIRONMENT_FLOWS)[number];

/**
 * Whether a flow acts on a whole environment (its task has no deployment).
 *
 * @public
 */
export function isEnvironmentFlow(
  flowName: string,
): flowName is EnvironmentFlow {
  return (ENVIRONMENT_FLOWS as readonly string[]).includes(flowName);
}
