import { BackupStorageLocation } from '@styrmin/sdk';

/*
 * What the table format shows of backup storage locations. Their credentials are only
 * ever the Secret that holds them: the API has nothing else.
 */

function credentials(location: BackupStorageLocation): string {
  const secret = location.credentialsSecret;
  return secret ? `${secret.name}/${secret.key}` : 'none';
}

/** Each cluster's phase of a location, as one cell: `local Available`. */
function phases(location: BackupStorageLocation): string | undefined {
  return (
    location.clusters
      .map(status => `${status.cluster.name} ${status.phase ?? 'unknown'}`)
      .join(', ') || undefined
  );
}

/** One location as a row of `bsl list`. */
export function bslRow(location: BackupStorageLocation) {
  return {
    name: location.name,
    provider: location.provider,
    bucket: location.bucket ?? undefined,
    prefix: location.prefix ?? undefined,
    configured: location.configured,
    phase: phases(location),
  };
}

/** One location as `bsl show` prints it, before its clusters. */
export function bslView(location: BackupStorageLocation) {
  return {
    name: location.name,
    id: location.id,
    provider: location.provider,
    bucket: location.bucket ?? undefined,
    prefix: location.prefix ?? undefined,
    region: location.region ?? undefined,
    endpointUrl: location.endpointUrl ?? undefined,
    pathStyle: location.pathStyle,
    credentialsSecret: credentials(location),
    configured: location.configured,
    version: location.version,
    updated: location.updatedAt,
  };
}

/** What each cluster's agent observes of a location. */
export function bslClusterRows(location: BackupStorageLocation) {
  return location.clusters.map(status => ({
    cluster: status.cluster.name,
    phase: status.phase ?? undefined,
    lastValidation: status.lastValidationTime ?? undefined,
    message: status.message ?? undefined,
  }));
}
