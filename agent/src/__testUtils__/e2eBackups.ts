import { BackupDetail } from '@styrmin/sdk';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './exampleBundles';
import { E2eWorld } from './e2eWorld';

/**
 * The backups' setup of an end-to-end world (with `velero`): the cluster `sandbox`, the
 * sandbox's object store registered as the location `sandbox-store` (prefix styrmin) of
 * the environment `dev`, infrahub 1.0.0 loaded and the agent started, its locations kept
 * every 200 ms. Answers the location's id once the agent found it Available.
 */
export async function setUpBackupLocation(
  world: E2eWorld,
  /** More arguments of `styrminctl clusters create sandbox` (`--set` of its settings). */
  clusterArgs: string[] = [],
): Promise<string> {
  const { client, sandbox } = world;
  const { cluster, agentToken } = await world.json([
    'clusters',
    'create',
    'sandbox',
    ...clusterArgs,
  ]);
  const location = await client.backupStorageLocations.create({
    name: 'sandbox-store',
    bucket: sandbox.velero!.bucket,
    prefix: 'styrmin',
    region: 'minio',
    endpointUrl: sandbox.velero!.endpoint,
    pathStyle: true,
    credentialsSecret: { name: 'cloud-credentials', key: 'cloud' },
  });
  await client.createEnvironment({
    name: 'dev',
    cluster: cluster.id,
    backupStorageLocation: 'sandbox-store',
  });
  await world.json([
    'drivers',
    'load',
    path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'),
  ]);
  await world.startAgent(agentToken, { locationsIntervalMs: 200 });
  await world.eventually(async () => {
    const observed = (await client.backupStorageLocations.get({
      id: location.id,
    }))!.clusters[0];
    return observed?.phase === 'Available';
  }, 'the location to be Available');
  return location.id;
}

/** Waits for a backup's task to end (SUCCEEDED or FAILED); the backup then. */
export function backupEnded(
  world: E2eWorld,
  id: string,
): Promise<BackupDetail> {
  return world.eventually(async () => {
    const backup = await world.client.backups.get(id);
    return backup?.task && ['SUCCEEDED', 'FAILED'].includes(backup.task.status)
      ? backup
      : undefined;
  }, `backup ${id} to end`);
}
