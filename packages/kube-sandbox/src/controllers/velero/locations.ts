import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, OwnerReference } from '../../store/types';
import { clone, JsonMap } from '../../util/json';

export const BACKUPS = 'velero.io/backups';
export const RESTORES = 'velero.io/restores';
export const LOCATIONS = 'velero.io/backupstoragelocations';
export const DELETE_REQUESTS = 'velero.io/deletebackuprequests';
export const POD_VOLUME_BACKUPS = 'velero.io/podvolumebackups';
export const POD_VOLUME_RESTORES = 'velero.io/podvolumerestores';
export const MANAGER = 'velero';

/** The location a Backup names, or the namespace's default one (`spec.default`), or `default`. */
export function findLocation(
  api: SandboxApi,
  namespace: string,
  name?: string,
): KubeObject | undefined {
  const locations = api.store.list(LOCATIONS, namespace);
  if (name) {
    return locations.find(l => l.metadata.name === name);
  }
  return (
    locations.find(l => l.spec?.default) ??
    locations.find(l => l.metadata.name === 'default')
  );
}

/**
 * Writes a Velero object with a new status. Velero's CRDs have no status subresource, so the
 * whole object is updated (and its generation moves, as on a cluster).
 */
export function writeVeleroStatus(
  api: SandboxApi,
  object: KubeObject,
  status: JsonMap,
): KubeObject {
  const scope = api.scope(
    'velero.io/v1',
    object.kind!,
    object.metadata.namespace,
  );
  const current =
    api.store.get(
      `velero.io/${scope.type.plural}`,
      object.metadata.namespace!,
      object.metadata.name!,
    ) ?? object;
  return api.update(
    scope,
    object.metadata.name!,
    { ...clone(current), status },
    { fieldManager: MANAGER },
  ).object;
}

/** The controller reference Velero puts on the objects a Backup or Restore makes. */
export function ownedBy(owner: KubeObject): OwnerReference[] {
  return [
    {
      apiVersion: 'velero.io/v1',
      kind: owner.kind!,
      name: owner.metadata.name!,
      uid: owner.metadata.uid!,
      controller: true,
    },
  ];
}
