import { backupRefusal } from '@styrmin/plugin-styrmin-common';
import { isTombstone } from '../backups/operations/deploymentRecords';
import { Deployment } from '../deployments/DeploymentStore';
import {
  EnvironmentBackupConstituent,
  EnvironmentBackupView,
} from './environmentBackupStatus';

/**
 * Why an environment restore leaves out one deployment it captured. RESTORE_FAILED is said
 * only after the run: its reconciliation or in-place restore ended FAILED.
 *
 * @internal
 */
export type ConstituentRefusal =
  | 'DEPLOYMENT_DELETED'
  | 'CONSTITUENT_GONE'
  | 'CONSTITUENT_FAILED'
  | 'DEPLOYMENT_BUSY'
  | 'RESTORE_FAILED';

/**
 * One captured deployment that an environment restore does not restore, by the name it had
 * at backup time.
 *
 * @internal
 */
export type UnrestorableConstituent = {
  deploymentName: string;
  reason: ConstituentRefusal;
  message: string;
};

/**
 * What an environment restore restores and what it cannot, decided over records.
 *
 * @internal
 */
export type EnvironmentRestoreDecision = {
  /** Put back to their captured declared state and restored in place, by name. */
  restores: EnvironmentBackupConstituent[];
  /** By name. */
  unrestorable: UnrestorableConstituent[];
};

/**
 * Why the constituent backup of one captured deployment cannot be restored from, whatever
 * the target; undefined when it can: CONSTITUENT_GONE once it was deleted or expired (its
 * record gone, its deletion recorded, its expiry passed), CONSTITUENT_FAILED when it did
 * not end Completed (failed, or not ended yet).
 *
 * @internal
 */
export function constituentBackupRefusal(options: {
  constituent: EnvironmentBackupConstituent;
  now: Date;
}): Omit<UnrestorableConstituent, 'deploymentName'> | undefined {
  const { constituent, now } = options;
  const { backup } = constituent;
  const name = constituent.deployment.name;
  const expired =
    backup?.status.expiresAt !== undefined &&
    backup.status.expiresAt.getTime() <= now.getTime();
  if (!backup || backup.deleteTaskId || expired) {
    return {
      reason: 'CONSTITUENT_GONE',
      message: `The constituent backup of ${name} was deleted or expired`,
    };
  }
  const refusal = backupRefusal({
    backup: { phase: backup.status.phase, expiresAt: backup.status.expiresAt },
    now,
  });
  return (
    refusal && {
      reason: 'CONSTITUENT_FAILED',
      message: `The constituent backup of ${name} cannot be restored: ${refusal.message}`,
    }
  );
}

/**
 * Why one captured deployment cannot be restored now; undefined when it can. The rules,
 * in the order they are tried (those of `restoreRefusal`, applied to a constituent):
 *
 * 1. DEPLOYMENT_DELETED: the deployment is a tombstone now (deleted, or being deleted),
 *    or its record is gone: an environment restore never creates a deployment.
 * 2. and 3. CONSTITUENT_GONE, CONSTITUENT_FAILED: its constituent backup cannot be restored
 *    from ({@link constituentBackupRefusal}).
 * 4. DEPLOYMENT_BUSY: a task of the deployment has not ended; the restore stops its
 *    components and replaces its volumes, which must not race another task.
 *
 * @internal
 */
export function constituentRefusal(options: {
  constituent: EnvironmentBackupConstituent;
  /** The deployment as it is now; undefined when its record is gone. */
  deployment: Deployment | undefined;
  busy: boolean;
  now: Date;
}): Omit<UnrestorableConstituent, 'deploymentName'> | undefined {
  const { constituent, deployment, busy, now } = options;
  const name = constituent.deployment.name;
  if (!deployment || isTombstone(deployment)) {
    return {
      reason: 'DEPLOYMENT_DELETED',
      message: `Deployment ${name} was deleted since the backup: an environment restore creates no deployment`,
    };
  }
  const backupRefused = constituentBackupRefusal({ constituent, now });
  if (backupRefused) {
    return backupRefused;
  }
  if (busy) {
    return {
      reason: 'DEPLOYMENT_BUSY',
      message: `Deployment ${deployment.name} has a task that has not ended`,
    };
  }
  return undefined;
}

/**
 * Decides, for every deployment an environment backup captured, whether an environment
 * restore restores it (see {@link constituentRefusal}). Pure: the caller reads the
 * deployments by id (tombstones included) and which of them have a task that has not
 * ended.
 *
 * @internal
 */
export function decideEnvironmentRestore(options: {
  view: EnvironmentBackupView;
  deployments: ReadonlyMap<string, Deployment>;
  busyDeploymentIds: ReadonlySet<string>;
  now: Date;
}): EnvironmentRestoreDecision {
  const { view, deployments, busyDeploymentIds, now } = options;
  const decision: EnvironmentRestoreDecision = {
    restores: [],
    unrestorable: [],
  };
  for (const constituent of view.constituents) {
    const { deploymentId, name } = constituent.deployment;
    const refusal = constituentRefusal({
      constituent,
      deployment: deployments.get(deploymentId),
      busy: busyDeploymentIds.has(deploymentId),
      now,
    });
    if (refusal) {
      decision.unrestorable.push({ deploymentName: name, ...refusal });
    } else {
      decision.restores.push(constituent);
    }
  }
  return decision;
}
