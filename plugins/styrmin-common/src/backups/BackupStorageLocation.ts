import { defineDomainEnum } from '../domain/domainEnum';

/**
 * The kind of object store a backup storage location is. Styrmin supports S3-compatible
 * stores only (AWS S3, MinIO, Ceph RGW, ...), through Velero's AWS plugin
 * (`provider: velero.io/aws`).
 *
 * @public
 */
export const BackupStorageProvider = defineDomainEnum(
  'backup storage provider',
  {
    S3: "An S3-compatible object store, through Velero's AWS plugin.",
  },
);

/** @public */
export type BackupStorageProvider =
  (typeof BackupStorageProvider.values)[number];

/**
 * The phase of a Velero `BackupStorageLocation` as the agent of one cluster observes it.
 *
 * @public
 */
export const BackupStorageLocationPhase = defineDomainEnum(
  'backup storage location phase',
  {
    Available: 'Velero reached the bucket with the credentials it was given.',
    Unavailable:
      "Velero could not reach the bucket; Velero's message says why (for example, refused credentials).",
  },
);

/** @public */
export type BackupStorageLocationPhase =
  (typeof BackupStorageLocationPhase.values)[number];

/**
 * The Kubernetes Secret, in Velero's namespace of each cluster, that holds a location's
 * credentials (an AWS credentials file under `key`). The administrator creates it; Styrmin
 * stores only its name and key, never the credentials.
 *
 * @public
 */
export type BackupStorageCredentialsRef = {
  secretName: string;
  key: string;
};

/**
 * Where a backup storage location stores: what the agent writes into the Velero
 * BackupStorageLocation's spec. Every field but `provider` and `pathStyle` is unset in a
 * location that is not configured yet (one made from an environment's location name
 * when backups arrived).
 *
 * @public
 */
export type BackupStorageLocationStore = {
  provider: BackupStorageProvider;
  bucket?: string;
  /** The folder inside the bucket. */
  prefix?: string;
  region?: string;
  /** For a store other than AWS S3 (`http://minio:9000`). */
  endpointUrl?: string;
  /** Path-style addressing (`s3ForcePathStyle`), which most stores other than AWS S3 need. */
  pathStyle: boolean;
  credentials?: BackupStorageCredentialsRef;
};

/**
 * Whether a location says enough for Velero to use it: a bucket and its credentials. The
 * agent writes no Velero BackupStorageLocation for an unconfigured location, and a backup
 * against one is refused.
 *
 * @public
 */
export function isBackupStorageLocationConfigured(
  store: BackupStorageLocationStore,
): boolean {
  return Boolean(store.bucket) && store.credentials !== undefined;
}
