/** Kubernetes names of Velero objects: DNS-1123 subdomains, and Velero labels them by name. */
const MAX_NAME_LENGTH = 63;

/**
 * The labels that Styrmin puts on the Velero objects of a backup or restore, so that the
 * agent and an administrator with kubectl find them by deployment and instance.
 *
 * @public
 */
export const VELERO_OBJECT_LABELS = {
  deploymentId: 'styrmin.io/deployment-id',
  instanceId: 'styrmin.io/instance-id',
  backupId: 'styrmin.io/backup-id',
  restoreId: 'styrmin.io/restore-id',
} as const;

/**
 * The name of the Velero `Backup` of a Styrmin backup: the deployment's name (cut to fit)
 * and the backup's id without dashes, at most 63 characters, a DNS-1123 label. The same
 * backup always gets the same name, and the id keeps it unique across every cluster that
 * shares the backup storage location (Velero syncs backups by name).
 *
 * @public
 */
export function veleroBackupName(options: {
  deploymentName: string;
  backupId: string;
}): string {
  return veleroObjectName(options.deploymentName, options.backupId);
}

/**
 * The name of the Velero `Restore` of a Styrmin restore, by the same rule as
 * {@link veleroBackupName}, from the target deployment's name and the restore's id.
 *
 * @public
 */
export function veleroRestoreName(options: {
  deploymentName: string;
  restoreId: string;
}): string {
  return veleroObjectName(options.deploymentName, options.restoreId);
}

function veleroObjectName(label: string, id: string): string {
  const suffix = id.toLowerCase().replace(/[^0-9a-z]/g, '');
  if (suffix.length === 0 || suffix.length > MAX_NAME_LENGTH - 2) {
    throw new TypeError(`Cannot name a Velero object after the id ${id}`);
  }
  const prefix = label
    .toLowerCase()
    .replace(/[^0-9a-z-]+/g, '-')
    .slice(0, MAX_NAME_LENGTH - suffix.length - 1)
    .replace(/^-+|-+$/g, '');
  return prefix ? `${prefix}-${suffix}` : suffix;
}
