import { ACTION_JOB_LABEL } from '../../actions/executeCommands';
import { MANAGED_LABELS } from '../labels';
import { VELERO_API_VERSION, VeleroRestore } from '../velero';

/** @public */
export interface RestoreInputs {
  /** The Velero Restore's name (`veleroRestoreName`). */
  name: string;
  veleroNamespace: string;
  /** The Velero Backup restored. */
  backupName: string;
  /** The namespace the backup holds. */
  sourceNamespace: string;
  /** The namespace restored into: the deployment's, `styrmin-<deployment id>`. */
  namespace: string;
  /** Styrmin's labels: the deployment, backup and restore ids. */
  labels: Record<string, string>;
}

/**
 * The Velero Restore of a backup: the backup's namespace, mapped onto the deployment's when
 * they differ. In place, with `existingResourcePolicy: update`, so that objects that exist
 * take the backup's content rather than being kept with a warning. Across targets (an
 * environment clone's, into the deployment it created), with `none`: the objects the
 * clone's own instance made stay as they are (they name the clone's deployments, not the
 * source's, and a Job's template cannot change), and what they lack comes from the backup.
 * Velero restores volume data only into claims the restore creates: the flow removes the
 * backup's claims first. The Jobs of driver actions (executeCommands', with their pods)
 * are left out: restored, a Job would run its commands again, and one that an action of
 * the instance restored into made since cannot take the backup's template (a rollback
 * with data runs its hooks first).
 */
export function desiredRestore(inputs: RestoreInputs): VeleroRestore {
  const crossTarget = inputs.sourceNamespace !== inputs.namespace;
  return {
    apiVersion: VELERO_API_VERSION,
    kind: 'Restore',
    metadata: {
      name: inputs.name,
      namespace: inputs.veleroNamespace,
      labels: { ...inputs.labels, ...MANAGED_LABELS },
    },
    spec: {
      backupName: inputs.backupName,
      includedNamespaces: [inputs.sourceNamespace],
      ...(crossTarget
        ? { namespaceMapping: { [inputs.sourceNamespace]: inputs.namespace } }
        : {}),
      existingResourcePolicy: crossTarget ? 'none' : 'update',
      labelSelector: {
        matchExpressions: [{ key: ACTION_JOB_LABEL, operator: 'DoesNotExist' }],
      },
      restorePVs: true,
    },
  };
}
