import { AgentBackupStorageLocation } from '@styrmin/plugin-styrmin-common';
import { BACKUP_STORAGE_LOCATION_ID_LABEL, MANAGED_LABELS } from '../labels';
import { VELERO_API_VERSION, VeleroBackupStorageLocation } from '../velero';

/**
 * The Velero BackupStorageLocation of a configured Styrmin location, in Velero's namespace:
 * the S3-compatible store through velero-plugin-for-aws (`provider: aws`, its config keys
 * `region`, `s3Url`, `s3ForcePathStyle`), the bucket and prefix, and the credentials as the
 * admin's Secret in Velero's namespace (an AWS credentials file under `key`). A store other
 * than AWS gets `checksumAlgorithm: ""`, which the plugin (1.10 and later) needs for stores
 * that do not compute AWS's checksums. Never the default location: backups name theirs.
 * Undefined for a location without a bucket or credentials: Velero could not use it.
 */
export function desiredBackupStorageLocation(
  location: AgentBackupStorageLocation,
  veleroNamespace: string,
): VeleroBackupStorageLocation | undefined {
  const { bucket, credentials } = location;
  if (!location.configured || !bucket || !credentials) {
    return undefined;
  }
  const config: Record<string, string> = {};
  if (location.region) {
    config.region = location.region;
  }
  if (location.endpointUrl) {
    config.s3Url = location.endpointUrl;
    config.checksumAlgorithm = '';
  }
  if (location.pathStyle) {
    config.s3ForcePathStyle = 'true';
  }
  return {
    apiVersion: VELERO_API_VERSION,
    kind: 'BackupStorageLocation',
    metadata: {
      name: location.name,
      namespace: veleroNamespace,
      labels: {
        ...MANAGED_LABELS,
        [BACKUP_STORAGE_LOCATION_ID_LABEL]: location.id,
      },
    },
    spec: {
      provider: 'aws',
      objectStorage: {
        bucket,
        ...(location.prefix ? { prefix: location.prefix } : {}),
      },
      config,
      credential: {
        name: credentials.secretName,
        key: credentials.key,
      },
      accessMode: 'ReadWrite',
      default: false,
    },
  };
}
