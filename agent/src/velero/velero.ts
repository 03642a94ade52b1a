import { KubernetesObject, V1LabelSelector } from '@kubernetes/client-node';

/**
 * Velero's API (`velero.io/v1`, Velero 1.18): the objects the agent writes and reads in
 * Velero's namespace. Velero's CRDs have no status subresource: Velero writes whole
 * objects, and the agent never writes a status.
 */
export const VELERO_API_VERSION = 'velero.io/v1';

/** The Velero namespace of a default installation (`velero install`). */
export const DEFAULT_VELERO_NAMESPACE = 'velero';

/** The kinds the agent uses, with their plural resource names. */
export const VELERO_KINDS = {
  BackupStorageLocation: 'backupstoragelocations',
  Backup: 'backups',
  Restore: 'restores',
  DeleteBackupRequest: 'deletebackuprequests',
  PodVolumeBackup: 'podvolumebackups',
} as const;

/** @public */
export type VeleroKind = keyof typeof VELERO_KINDS;

/** The label Velero puts on the objects of a backup (PodVolumeBackups, DeleteBackupRequests). */
export const VELERO_BACKUP_NAME_LABEL = 'velero.io/backup-name';

/** The label Velero puts on a PodVolumeBackup: the uid of the claim it copied. */
export const VELERO_PVC_UID_LABEL = 'velero.io/pvc-uid';

/** @public */
export interface VeleroBackupStorageLocation extends KubernetesObject {
  spec: {
    provider: string;
    objectStorage: { bucket: string; prefix?: string };
    config?: Record<string, string>;
    credential?: { name: string; key: string };
    accessMode?: 'ReadWrite' | 'ReadOnly';
    default?: boolean;
  };
  status?: {
    phase?: 'Available' | 'Unavailable';
    message?: string;
    lastValidationTime?: string;
  };
}

/** @public */
export interface VeleroBackup extends KubernetesObject {
  spec: {
    includedNamespaces?: string[];
    storageLocation?: string;
    ttl?: string;
    defaultVolumesToFsBackup?: boolean;
  };
  status?: {
    phase?: string;
    validationErrors?: string[];
    failureReason?: string;
    startTimestamp?: string;
    completionTimestamp?: string;
    expiration?: string;
    /** Counts: Velero keeps the messages in the backup's logs and results. */
    errors?: number;
    warnings?: number;
    progress?: { totalItems?: number; itemsBackedUp?: number };
  };
}

/** @public */
export interface VeleroRestore extends KubernetesObject {
  spec: {
    backupName: string;
    includedNamespaces?: string[];
    namespaceMapping?: Record<string, string>;
    existingResourcePolicy?: 'none' | 'update';
    /** Only the objects it matches are restored (a Kubernetes label selector). */
    labelSelector?: V1LabelSelector;
    restorePVs?: boolean;
  };
  status?: {
    phase?: string;
    validationErrors?: string[];
    failureReason?: string;
    startTimestamp?: string;
    completionTimestamp?: string;
    errors?: number;
    warnings?: number;
    progress?: { totalItems?: number; itemsRestored?: number };
  };
}

/** @public */
export interface VeleroDeleteBackupRequest extends KubernetesObject {
  spec: { backupName: string };
  status?: { phase?: string; errors?: string[] };
}

/** The file-system backup of one volume of one pod, made by Velero's node-agent. */
export interface VeleroPodVolumeBackup extends KubernetesObject {
  spec?: {
    pod?: { kind?: string; namespace?: string; name?: string; uid?: string };
    volume?: string;
  };
  status?: {
    phase?: string;
    message?: string;
    progress?: { totalBytes?: number; bytesDone?: number };
  };
}
