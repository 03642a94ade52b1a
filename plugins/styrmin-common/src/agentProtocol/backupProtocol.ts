import { z } from 'zod/v4';
import {
  BackupStorageLocationPhase,
  BackupStorageProvider,
} from '../backups/BackupStorageLocation';
import { VELERO_OBJECT_LABELS } from '../backups/veleroObjectNames';
import { VeleroBackupPhase, VeleroRestorePhase } from '../backups/veleroPhases';

/*
 * The backup part of the agent protocol, version 1 (docs/agent-protocol.md, "Backups"):
 * the backup storage locations the agent keeps in step, its reports of their phases and of
 * the Velero Backups and Restores of Styrmin's backups and restores, and the parameters of
 * the backup flows' runs. The server parses the requests with these schemas and the agent
 * the flow parameters; unknown fields are dropped, so that either side may add some within
 * v1. Every report carries `observedAt`, when the agent read the Velero object: a report
 * older than the stored one changes nothing, and a repeated one is harmless.
 */

/** The most messages of each kind (errors, warnings) in one report. */
export const AGENT_VELERO_MAX_MESSAGES = 100;

/** The most characters of one Velero message or failure reason. */
export const AGENT_VELERO_MAX_MESSAGE_LENGTH = 4096;

const IsoTimestamp = z.iso.datetime({ offset: true });
const Message = z.string().max(AGENT_VELERO_MAX_MESSAGE_LENGTH);
const Messages = z.array(Message).max(AGENT_VELERO_MAX_MESSAGES).default([]);
const Count = z.int().min(0);
const KubernetesName = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/, {
    error: 'Must be a Kubernetes name (DNS-1123 subdomain)',
  });

/**
 * A backup storage location as the agent writes it into a Velero BackupStorageLocation
 * (`velero.io/aws`): `name` is the Velero object's name. `configured` is false while the
 * location lacks a bucket or credentials: the agent writes no Velero object for it.
 *
 * @public
 */
export const AgentBackupStorageLocation = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(BackupStorageProvider.values),
  bucket: z.string().nullable(),
  prefix: z.string().nullable(),
  region: z.string().nullable(),
  endpointUrl: z.string().nullable(),
  pathStyle: z.boolean(),
  /** The Secret in Velero's namespace and its key: never the credentials. */
  credentials: z.object({ secretName: z.string(), key: z.string() }).nullable(),
  configured: z.boolean(),
});

/** @public */
export type AgentBackupStorageLocation = z.infer<
  typeof AgentBackupStorageLocation
>;

/**
 * `GET /backup-storage-locations`: the locations that the environments (not deleted) of
 * the agent's cluster use, by name.
 *
 * @public
 */
export const AgentBackupStorageLocationsResponse = z.object({
  locations: z.array(AgentBackupStorageLocation),
});

/** @public */
export type AgentBackupStorageLocationsResponse = z.infer<
  typeof AgentBackupStorageLocationsResponse
>;

/**
 * `POST /backup-storage-locations/:id/status`: the phase of the Velero
 * BackupStorageLocation the agent keeps for a location, with Velero's message.
 *
 * @public
 */
export const AgentBackupStorageLocationStatusReport = z.object({
  phase: z.enum(BackupStorageLocationPhase.values),
  message: Message.nullish(),
  lastValidationTime: IsoTimestamp.nullish(),
  observedAt: IsoTimestamp,
});

/** @public */
export type AgentBackupStorageLocationStatusReport = z.input<
  typeof AgentBackupStorageLocationStatusReport
>;

/**
 * `POST /backups/:backupId/status`: what the agent read of the Velero Backup of a backup
 * of its cluster. `errors` and `warnings` are Velero's, in words; `failureReason` is its
 * `status.failureReason` (or the validation errors of FailedValidation).
 *
 * @public
 */
export const AgentBackupStatusReport = z.object({
  phase: z.enum(VeleroBackupPhase.values),
  itemsBackedUp: Count.nullish(),
  totalItems: Count.nullish(),
  sizeBytes: Count.nullish(),
  errors: Messages,
  warnings: Messages,
  failureReason: Message.nullish(),
  startedAt: IsoTimestamp.nullish(),
  completedAt: IsoTimestamp.nullish(),
  expiresAt: IsoTimestamp.nullish(),
  observedAt: IsoTimestamp,
});

/** @public */
export type AgentBackupStatusReport = z.input<typeof AgentBackupStatusReport>;

/**
 * `POST /restores/:restoreId/status`: what the agent read of the Velero Restore of a
 * restore into a deployment of its cluster.
 *
 * @public
 */
export const AgentRestoreStatusReport = z.object({
  phase: z.enum(VeleroRestorePhase.values),
  itemsRestored: Count.nullish(),
  totalItems: Count.nullish(),
  errors: Messages,
  warnings: Messages,
  failureReason: Message.nullish(),
  startedAt: IsoTimestamp.nullish(),
  completedAt: IsoTimestamp.nullish(),
  observedAt: IsoTimestamp,
});

/** @public */
export type AgentRestoreStatusReport = z.input<typeof AgentRestoreStatusReport>;

/**
 * The answer to every backup report: whether anything was written (false for a repeated,
 * older, or unknown-record report).
 *
 * @public
 */
export interface AgentBackupReportResponse {
  changed: boolean;
}

/**
 * The labels of the Velero objects of a backup: VELERO_OBJECT_LABELS' keys with the ids.
 */
const BackupLabels = z.object({
  [VELERO_OBJECT_LABELS.deploymentId]: z.string(),
  [VELERO_OBJECT_LABELS.instanceId]: z.string(),
  [VELERO_OBJECT_LABELS.backupId]: z.string(),
});

/**
 * The parameters of a CREATE_BACKUP run: the Velero Backup to create, of the namespace
 * with `defaultVolumesToFsBackup`, in the Velero BackupStorageLocation `storageLocation`.
 *
 * @public
 */
export const CreateBackupParameters = z.object({
  deploymentId: z.string(),
  backupId: z.string(),
  veleroBackupName: KubernetesName,
  storageLocation: z.string(),
  /** A Go duration: `720h0m0s`. */
  ttl: z.string(),
  namespace: z.string(),
  labels: BackupLabels,
});

/** @public */
export type CreateBackupParameters = z.infer<typeof CreateBackupParameters>;

/**
 * The parameters of a RESTORE_BACKUP run: the components to stop and start again, the
 * Velero Restore to create from `veleroBackupName` (`existingResourcePolicy: update`,
 * `namespaceMapping` when `sourceNamespace` is not `namespace`).
 *
 * @public
 */
export const RestoreBackupParameters = z.object({
  deploymentId: z.string(),
  restoreId: z.string(),
  backupId: z.string(),
  veleroBackupName: KubernetesName,
  veleroRestoreName: KubernetesName,
  namespace: z.string(),
  sourceNamespace: z.string(),
  components: z.array(z.string()),
});

/** @public */
export type RestoreBackupParameters = z.infer<typeof RestoreBackupParameters>;

/**
 * The parameters of a DELETE_BACKUP run: the Velero Backup to remove with a
 * DeleteBackupRequest.
 *
 * @public
 */
export const DeleteBackupParameters = z.object({
  backupId: z.string(),
  veleroBackupName: KubernetesName,
});

/** @public */
export type DeleteBackupParameters = z.infer<typeof DeleteBackupParameters>;
