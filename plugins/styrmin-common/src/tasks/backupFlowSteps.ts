import { COMPONENT_FLOW_STEPS } from './componentFlowSteps';

/**
 * The step of CREATE_BACKUP: the Velero Backup of the namespace `styrmin-<deployment id>`
 * with a file-system backup of its volumes, followed until it ends. The components keep
 * running: Velero backs up the volumes of running pods only.
 *
 * @public
 */
export const BACK_UP_NAMESPACE_STEP = 'Back up the namespace';

/**
 * The step of RESTORE_BACKUP that removes the volume claims the backup holds: Velero
 * restores volume data only into claims the restore creates.
 *
 * @public
 */
export const REMOVE_BACKUP_VOLUME_CLAIMS_STEP =
  'Remove the volume claims of the backup';

/**
 * The step of RESTORE_BACKUP that runs the Velero Restore (`existingResourcePolicy:
 * update`), followed until it ends.
 *
 * @public
 */
export const RESTORE_NAMESPACE_STEP = 'Restore the namespace';

/**
 * The step of DELETE_BACKUP: a Velero DeleteBackupRequest, ended when the Backup is gone.
 *
 * @public
 */
export const DELETE_BACKUP_STEP = 'Delete the backup from its storage location';

/**
 * The steps of the backup flows, in the order they run, named as the agent runs them. An
 * in-place restore replaces the data-bearing objects: it stops the components, removes
 * the claims, restores, and starts the components again.
 *
 * @public
 */
export const BACKUP_FLOW_STEPS = {
  CREATE_BACKUP: [BACK_UP_NAMESPACE_STEP],
  RESTORE_BACKUP: [
    COMPONENT_FLOW_STEPS.STOP_COMPONENTS,
    REMOVE_BACKUP_VOLUME_CLAIMS_STEP,
    RESTORE_NAMESPACE_STEP,
    COMPONENT_FLOW_STEPS.START_COMPONENTS,
  ],
  DELETE_BACKUP: [DELETE_BACKUP_STEP],
} as const;

/**
 * The flows that back up, restore, or delete a backup.
 *
 * @public
 */
export type BackupFlow = keyof typeof BACKUP_FLOW_STEPS;

/**
 * Whether a flow is a backup flow.
 *
 * @public
 */
export function isBackupFlow(flowName: string): flowName is BackupFlow {
  return Object.hasOwn(BACKUP_FLOW_STEPS, flowName);
}
