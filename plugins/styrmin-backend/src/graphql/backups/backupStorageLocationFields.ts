import {
  isBackupStorageLocationConfigured,
  styrminClusterReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The fields of the `BackupStorageLocation` and `BackupStorageLocationStatus` types: the
 * credentials by their Secret's name and key only.
 *
 * @internal
 */
export function createBackupStorageLocationFields(): StyrminResolvers {
  return {
    BackupStorageLocation: {
      ...isoDateFields('createdAt', 'updatedAt'),
      credentialsSecret: location =>
        location.credentials
          ? {
              name: location.credentials.secretName,
              key: location.credentials.key,
            }
          : null,
      configured: location => isBackupStorageLocationConfigured(location),
      clusters: location => location.observed,
    },
    BackupStorageLocationStatus: {
      ...isoDateFields('observedAt'),
      cluster: withPermission(
        styrminClusterReadPermission,
        async (status, _args, context) =>
          (await context.loaders.cluster.load(status.clusterId)) ??
          notStored(`Cluster ${status.clusterId}`),
      ),
      lastValidationTime: status => status.lastValidatedAt?.toISOString(),
    },
  };
}
