import {
  AgentBackupStorageLocation,
  AgentBackupStorageLocationsResponse,
  isBackupStorageLocationConfigured,
} from '@styrmin/plugin-styrmin-common';
import { BackupStorageLocation } from '../backupStorageLocations/BackupStorageLocationStore';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';

/**
 * `GET /backup-storage-locations`: the locations that the environments (not deleted) of
 * the agent's cluster use, by name, as the agent writes them into Velero
 * BackupStorageLocations: the credentials by the Secret's name and key only.
 *
 * @internal
 */
export async function listBackupStorageLocations(
  deps: AgentProtocolDeps,
  options: { caller: AgentCaller },
): Promise<AgentBackupStorageLocationsResponse> {
  const locations =
    await deps.backupStorageLocations.listBackupStorageLocations({
      clusterId: options.caller.cluster.id,
    });
  return { locations: locations.map(toAgentLocation) };
}

function toAgentLocation(
  location: BackupStorageLocation,
): AgentBackupStorageLocation {
  return {
    id: location.id,
    name: location.name,
    provider: location.provider,
    bucket: location.bucket ?? null,
    prefix: location.prefix ?? null,
    region: location.region ?? null,
    endpointUrl: location.endpointUrl ?? null,
    pathStyle: location.pathStyle,
    credentials: location.credentials
      ? {
          secretName: location.credentials.secretName,
          key: location.credentials.key,
        }
      : null,
    configured: isBackupStorageLocationConfigured(location),
  };
}
