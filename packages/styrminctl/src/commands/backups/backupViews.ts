import {
  Backup,
  BackupDetail,
  formatByteSize,
  Restore,
  Task,
} from '@styrmin/sdk';

/*
 * What the table format shows of backups and restores: the fields people read first, flat.
 * JSON and YAML print the records whole.
 */

/** A size in bytes for people: `512 B`, `1.5 MiB`. */
export function formatSize(bytes: number | null): string | undefined {
  return bytes === null ? undefined : formatByteSize(bytes);
}

/** Velero's progress: items backed up of the total, once Velero counted them. */
function items(backup: Backup): string | undefined {
  if (backup.itemsBackedUp === null && backup.totalItems === null) {
    return undefined;
  }
  return `${backup.itemsBackedUp ?? 0}/${backup.totalItems ?? '?'}`;
}

/** A task in one cell: its id, type and result. */
function taskCell(task: Pick<Task, 'id' | 'type' | 'result'>): string {
  return `${task.id} ${task.type} ${task.result}`;
}

/** One backup as a row of `backups list`. */
export function backupRow(backup: Backup) {
  return {
    id: backup.id,
    phase: backup.phase ?? 'New',
    trigger: backup.trigger,
    instance: backup.instance.number,
    items: items(backup),
    size: formatSize(backup.sizeBytes),
    by: backup.createdBy,
    started: backup.startedAt ?? undefined,
    expires: backup.expiresAt ?? undefined,
  };
}

/** One backup as `backups show` and `create` print it, before its steps. */
export function backupView(backup: Backup | BackupDetail) {
  const { deployment } = backup;
  return {
    id: backup.id,
    deployment: `${deployment.environment.name}/${deployment.name}`,
    instance: backup.instance.number,
    storageLocation: backup.storageLocation.name,
    veleroName: backup.veleroName,
    trigger: backup.trigger,
    by: backup.createdBy,
    phase: backup.phase ?? 'New',
    items: items(backup),
    size: formatSize(backup.sizeBytes),
    started: backup.startedAt ?? undefined,
    completed: backup.completedAt ?? undefined,
    expires: backup.expiresAt ?? undefined,
    failureReason: backup.failureReason ?? undefined,
    errors: backup.errors,
    warnings: backup.warnings,
    ttl: backup.ttl,
    restorable: backup.restorable,
    refusal: backup.refusal ?? undefined,
    task: backup.task ? taskCell(backup.task) : undefined,
    deletion: backup.deletion ? taskCell(backup.deletion) : undefined,
  };
}

/** One restore as `backups restore` prints it. */
export function restoreView(restore: Restore) {
  return {
    id: restore.id,
    backup: restore.backup?.id ?? 'expired or deleted',
    deployment: `${restore.deployment.environment.name}/${restore.deployment.name}`,
    phase: restore.phase ?? 'New',
    items:
      restore.itemsRestored === null && restore.totalItems === null
        ? undefined
        : `${restore.itemsRestored ?? 0}/${restore.totalItems ?? '?'}`,
    errors: restore.errors,
    warnings: restore.warnings,
    failureReason: restore.failureReason ?? undefined,
    task: restore.task ? taskCell(restore.task) : undefined,
  };
}
