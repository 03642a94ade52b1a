import { Backup, DeploymentWithInstance, StyrminClient } from '@styrmin/sdk';
import {
  backupEnded as endedBackup,
  setUpBackupLocation,
} from './__testUtils__/e2eBackups';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView, OperatorSandbox } from './__testUtils__/operatorSandbox';
import {
  createRefusedCredentials,
  REFUSED_CREDENTIALS,
} from './__testUtils__/veleroSandbox';

jest.setTimeout(300_000);

/*
 * Backups end to end: a real backend (the styrmin plugin on SQLite), kube-sandbox with Flux
 * and Velero (its object store on loopback, which checks signatures as S3 does), the agent
 * in this process, styrminctl for the setup and the SDK for the backups. The deployment's
 * volume data goes through the sandbox's volume API.
 */
describe('backups end to end', () => {
  const world = useE2eWorld({ velero: true });
  let sandbox: OperatorSandbox;
  let view: ClusterView;
  let client: StyrminClient;
  let deploymentId: string;
  let namespace: string;
  let claim: string;
  let locationId: string;
  let backupId: string;

  beforeAll(() => {
    ({ sandbox, view, client } = world);
  });

  const backupEnded = (id: string) => endedBackup(world, id);

  const readData = async () =>
    (await sandbox.volumes.read(namespace, claim, 'graph/rows')).toString();

  it("registers the sandbox's object store as a location of the environment, and the agent makes it Available", async () => {
    locationId = await setUpBackupLocation(world);

    const available = (await client.backupStorageLocations.get({
      id: locationId,
    }))!.clusters[0];
    expect(available).toMatchObject({
      phase: 'Available',
      cluster: { name: 'sandbox' },
      lastValidationTime: expect.any(String),
    });
  });

  it('backs up a running infrahub deployment with its volume data', async () => {
    deploymentId = await world.createInfrahub('dev');
    namespace = `styrmin-${deploymentId}`;
    await world.eventually(async () => {
      const deployment = await client.deployment({ id: deploymentId });
      return deployment?.state === 'RUNNING';
    }, 'infrahub to run');
    claim = (await view.core.listNamespacedPersistentVolumeClaim({ namespace }))
      .items[0].metadata!.name!;
    await sandbox.volumes.write(namespace, claim, 'graph/rows', 'before\n');

    const backup = await client.backups.create({ deployment: deploymentId });
    backupId = backup.id;
    const ended = await backupEnded(backup.id);

    expect(ended).toMatchObject({
      phase: 'Completed',
      task: { type: 'create_backup', status: 'SUCCEEDED' },
      sizeBytes: 'before\n'.length,
      errors: 0,
      restorable: true,
      storageLocation: { name: 'sandbox-store' },
    });
    expect(ended.itemsBackedUp).toBeGreaterThan(0);
    expect(ended.itemsBackedUp).toBe(ended.totalItems);
  });

  it('restores it in place: RESTORING, the old data back, the same active instance, RUNNING again', async () => {
    const before = (await client.deployment({ id: deploymentId }))!;
    await sandbox.volumes.write(namespace, claim, 'graph/rows', 'after\n');

    const restore = await client.backups.restore(backupId);
    const restoring = (await client.deployment({ id: deploymentId }))!;
    expect(restoring.state).toBe('RESTORING');

    const running = await world.eventually<DeploymentWithInstance>(async () => {
      const deployment = await client.deployment({ id: deploymentId });
      return deployment && deployment.state !== 'RESTORING' && deployment;
    }, 'the restore to end');

    expect(running.state).toBe('RUNNING');
    expect(running.activeInstance!.id).toBe(before.activeInstance!.id);
    expect(await readData()).toBe('before\n');
    expect(await client.backups.getRestore(restore.id)).toMatchObject({
      phase: 'Completed',
      task: { type: 'restore_backup', status: 'SUCCEEDED' },
    });
    const veleroRestore = await view.read(
      'velero.io/v1',
      'Restore',
      (await client.backups.getRestore(restore.id))!.veleroName,
      'velero',
    );
    expect(veleroRestore.spec).toMatchObject({
      backupName: (await client.backups.get(backupId))!.veleroName,
      existingResourcePolicy: 'update',
    });
  });

  it('deletes the backup with its data in the storage location', async () => {
    const { veleroName } = (await client.backups.get(backupId))!;
    await client.backups.delete(backupId);

    await world.eventually(async () => {
      const backup = await client.backups.get(backupId);
      return (!backup || backup.deletion?.status === 'SUCCEEDED') && true;
    }, 'the deletion to succeed');
    expect(
      await view.read('velero.io/v1', 'Backup', veleroName, 'velero'),
    ).toBeUndefined();
    expect(
      await view.read(
        'velero.io/v1',
        'DeleteBackupRequest',
        veleroName,
        'velero',
      ),
    ).toMatchObject({ status: { phase: 'Processed' } });
  });

  it("fails a backup against a location whose store refuses the credentials, with Velero's reason", async () => {
    await createRefusedCredentials(sandbox);
    const location = (await client.backupStorageLocations.get({
      id: locationId,
    }))!;
    await client.backupStorageLocations.update({
      id: locationId,
      bucket: location.bucket,
      prefix: location.prefix,
      region: location.region,
      endpointUrl: location.endpointUrl,
      pathStyle: location.pathStyle,
      credentialsSecret: REFUSED_CREDENTIALS,
    });
    const unavailable = await world.eventually(async () => {
      const observed = (await client.backupStorageLocations.get({
        id: locationId,
      }))!.clusters[0];
      return observed?.phase === 'Unavailable' && observed;
    }, 'the location to be Unavailable');
    expect(unavailable.message).toContain('SignatureDoesNotMatch');

    const backup = await client.backups.create({ deployment: deploymentId });
    const failed: Backup = await backupEnded(backup.id);

    expect(failed).toMatchObject({
      phase: 'FailedValidation',
      task: { status: 'FAILED' },
      restorable: false,
    });
    expect(failed.failureReason).toContain(
      "backup can't be created because BackupStorageLocation sandbox-store is in Unavailable status.",
    );
    expect(failed.failureReason).toContain('SignatureDoesNotMatch');
    expect((await client.deployment({ id: deploymentId }))!.state).toBe(
      'RUNNING',
    );
  });
});
