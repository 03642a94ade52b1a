import { MANAGED_BY, MANAGED_BY_LABEL } from '../styrminDeployment/labels';

/** Names the Styrmin backup storage location a Velero BackupStorageLocation stands for. */
export const BACKUP_STORAGE_LOCATION_ID_LABEL =
  'styrmin.io/backup-storage-location-id';

/** The labels of every Velero object the agent makes: they mark it as Styrmin's. */
export const MANAGED_LABELS: Readonly<Record<string, string>> = {
  [MANAGED_BY_LABEL]: MANAGED_BY,
};

/** Whether Styrmin made a Velero object (and so may change or delete it). */
export function isStyrmins(object: {
  metadata?: { labels?: Record<string, string> };
}): boolean {
  return object.metadata?.labels?.[MANAGED_BY_LABEL] === MANAGED_BY;
}
