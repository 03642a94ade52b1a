import { ensureTools } from '@styrmin/kube-sandbox';
import {
  BACKUP_FLOW_STEPS,
  CreateBackupParameters,
  RestoreBackupParameters,
} from '@styrmin/plugin-styrmin-common';
import {
  exampleDeployment,
  exampleDriverFiles,
} from '../__testUtils__/exampleDeployment';
import {
  ClusterView,
  memoryLogger,
  OperatorSandbox,
  startOperatorSandbox,
  waitFor,
} from '../__testUtils__/operatorSandbox';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { Operator } from '../operator/Operator';
import { VeleroClient } from '../velero/VeleroClient';
import { fakeRun, FakeRun, recordingReports } from './__testUtils__/fakeRun';
import { backupFlowSteps } from './backupFlowSteps';
import { restoreFlowSteps } from './restoreFlowSteps';
import { runFlow } from './runFlow';
import {
  createRefusedCredentials,
  REFUSED_CREDENTIALS,
} from '../__testUtils__/veleroSandbox';

jest.setTimeout(120_000);

const ID = 'b1';
const NAMESPACE = `styrmin-${ID}`;
const COMPONENTS = ['database', 'server', 'task-worker'];

/*
 * The backup flows against kube-sandbox with Flux, the operator and Velero's stand-in (its
 * Backup, Restore and DeleteBackupRequest controllers and the node-agent's file-system
 * backup of claims), the example infrahub deployment running; the agent protocol is a fake
 * that records the step reports, the run's end and the status reports.
 */
describe('the backup flows', () => {
  let sandbox: OperatorSandbox;
  let view: ClusterView;
  let operator: Operator;
  let velero: VeleroClient;
  let deployments: StyrminDeploymentClient;
  let claim: string;

  beforeAll(async () => {
    sandbox = await startOperatorSandbox({ velero: true });
    view = new ClusterView(sandbox);
    operator = Operator.create({
      kubeConfig: sandbox.kubeConfig,
      driverChartsUrl: sandbox.driverChartsUrl,
      helm: (await ensureTools()).helm,
      driverFiles: exampleDriverFiles(),
      logger: memoryLogger(),
      pollIntervalMs: 100,
    });
    await operator.start();
    velero = VeleroClient.create({
      kubeConfig: sandbox.kubeConfig,
      namespace: 'velero',
    });
    deployments = StyrminDeploymentClient.create({
      kubeConfig: sandbox.kubeConfig,
      namespace: 'styrmin-system',
    });
    await view.create(exampleDeployment({ id: ID }));
    await waitFor(async () => (await view.ready(ID))?.status === 'True', {
      what: 'the deployment to be Ready',
      timeoutMs: 60_000,
    });
    claim = await waitFor(async () => {
      const claims = await view.core.listNamespacedPersistentVolumeClaim({
        namespace: NAMESPACE,
      });
      return claims.items[0]?.metadata?.name;
    });
  });

  afterAll(async () => {
    await operator?.stop();
    await sandbox?.stop();
  });

  const backupParameters = (
    name: string,
    storageLocation = 'default',
  ): CreateBackupParameters => ({
    deploymentId: ID,
    backupId: `id-${name}`,
    veleroBackupName: name,
    storageLocation,
    ttl: '720h0m0s',
    namespace: NAMESPACE,
    labels: {
      'styrmin.io/deployment-id': ID,
      'styrmin.io/instance-id': 'i1',
      'styrmin.io/backup-id': `id-${name}`,
    },
  });

  async function runBackupFlow(
    flow: 'CREATE_BACKUP' | 'DELETE_BACKUP',
    parameters: object,
  ) {
    const reports = recordingReports();
    const run = fakeRun({
      flow,
      parameters: parameters as never,
      steps: BACKUP_FLOW_STEPS[flow],
      deploymentId: ID,
    });
    const outcome = await runFlow(
      run.claimed,
      backupFlowSteps({ run: run.claimed, velero, reports, retryDelayMs: 1 }),
    );
    run.claimed.release();
    return { outcome, reports, run };
  }

  async function runRestoreFlow(
    parameters: RestoreBackupParameters,
    succeeded: string[] = [],
  ): Promise<{ run: FakeRun; outcome: unknown; reports: any }> {
    const reports = recordingReports();
    const run = fakeRun({
      flow: 'RESTORE_BACKUP',
      parameters: parameters as never,
      steps: BACKUP_FLOW_STEPS.RESTORE_BACKUP,
      deploymentId: ID,
      succeeded,
    });
    const outcome = await runFlow(
      run.claimed,
      restoreFlowSteps({
        run: run.claimed,
        velero,
        reports,
        kubeConfig: sandbox.kubeConfig,
        deployments,
        pollIntervalMs: 50,
        retryDelayMs: 1,
      }),
    );
    run.claimed.release();
    return { outcome, reports, run };
  }

  const restoreParameters = (
    backup: string,
    restore: string,
  ): RestoreBackupParameters => ({
    deploymentId: ID,
    restoreId: `id-${restore}`,
    backupId: `id-${backup}`,
    veleroBackupName: backup,
    veleroRestoreName: restore,
    namespace: NAMESPACE,
    sourceNamespace: NAMESPACE,
    components: COMPONENTS,
  });

  const veleroRequests = () =>
    sandbox.requests.filter(r => r.path.startsWith('/apis/velero.io/'));

  const readData = async () =>
    (await sandbox.volumes.read(NAMESPACE, claim, 'graph/rows')).toString();

  it("backs up the namespace with its volume's files, reporting each change, and restores them in place", async () => {
    await sandbox.volumes.write(NAMESPACE, claim, 'graph/rows', 'before\n');
    const requestsBefore = veleroRequests().length;

    const backup = await runBackupFlow(
      'CREATE_BACKUP',
      backupParameters('shop-one'),
    );

    // Followed by watch: per change of the Backup, a read of it and of its
    // PodVolumeBackups and one watch; before it, discovery, a look for it and its location.
    const requests = veleroRequests().slice(requestsBefore);
    expect(requests.length).toBeLessThanOrEqual(
      4 + 3 * backup.reports.backups.length,
    );

    expect(backup.outcome).toEqual({ state: 'SUCCEEDED' });
    const reports = backup.reports.backups;
    expect(reports.map(r => r.phase)).toEqual(
      expect.arrayContaining(['InProgress', 'Completed']),
    );
    expect(reports.at(-1)).toMatchObject({
      backupId: 'id-shop-one',
      phase: 'Completed',
      itemsBackedUp: expect.any(Number),
      totalItems: expect.any(Number),
      sizeBytes: 'before\n'.length,
      errors: [],
      startedAt: expect.any(String),
      completedAt: expect.any(String),
      expiresAt: expect.any(String),
      observedAt: expect.any(String),
    });
    expect(
      await view.read('velero.io/v1', 'Backup', 'shop-one', 'velero'),
    ).toMatchObject({
      metadata: { labels: { 'styrmin.io/backup-id': 'id-shop-one' } },
      spec: { includedNamespaces: [NAMESPACE], defaultVolumesToFsBackup: true },
    });

    await sandbox.volumes.write(NAMESPACE, claim, 'graph/rows', 'after\n');
    const restore = await runRestoreFlow(
      restoreParameters('shop-one', 'shop-r1'),
    );

    expect(restore.outcome).toEqual({ state: 'SUCCEEDED' });
    expect(await readData()).toBe('before\n');
    expect(restore.reports.restores.at(-1)).toMatchObject({
      restoreId: 'id-shop-r1',
      phase: 'Completed',
      completedAt: expect.any(String),
    });
    expect([...restore.run.steps.values()].map(s => s.status)).toEqual([
      'SUCCEEDED',
      'SUCCEEDED',
      'SUCCEEDED',
      'SUCCEEDED',
    ]);
    const resource = await view.deployment(ID);
    expect(resource!.spec.stoppedComponents ?? []).toEqual([]);
    await waitFor(async () => (await view.ready(ID))?.status === 'True', {
      what: 'Ready again',
    });
  });

  it('restores the same backup again into the claim the first restore made', async () => {
    await sandbox.volumes.write(NAMESPACE, claim, 'graph/rows', 'changed\n');

    const again = await runRestoreFlow(
      restoreParameters('shop-one', 'shop-r2'),
    );

    expect(again.outcome).toEqual({ state: 'SUCCEEDED' });
    expect(await readData()).toBe('before\n');
  });

  it('leaves a component stopped by hand before the restore stopped after it', async () => {
    await deployments.updateStoppedComponents(ID, () => ['task-worker']);
    await sandbox.volumes.write(NAMESPACE, claim, 'graph/rows', 'changed\n');

    const restored = await runRestoreFlow(
      restoreParameters('shop-one', 'shop-r-stopped'),
    );

    expect(restored.outcome).toEqual({ state: 'SUCCEEDED' });
    expect(await readData()).toBe('before\n');
    const resource = (await view.deployment(ID))!;
    expect(resource.spec.stoppedComponents).toEqual(['task-worker']);
    expect(resource.metadata!.annotations ?? {}).not.toHaveProperty(
      'styrmin.io/stopped-for-restore',
    );
    await deployments.updateStoppedComponents(ID, () => []);
  });

  it('goes on from the recorded steps when the run is claimed again, and finds the Restore it made', async () => {
    await sandbox.volumes.write(NAMESPACE, claim, 'graph/rows', 'changed\n');
    const first = await runRestoreFlow(
      restoreParameters('shop-one', 'shop-r3'),
    );
    expect(first.outcome).toEqual({ state: 'SUCCEEDED' });

    // The run claimed again after its restore: it follows the Restore it made, and starts.
    const second = await runRestoreFlow(
      restoreParameters('shop-one', 'shop-r3'),
      BACKUP_FLOW_STEPS.RESTORE_BACKUP.slice(0, 2),
    );
    expect(second.outcome).toEqual({ state: 'SUCCEEDED' });
    expect(second.reports.restores.at(-1)).toMatchObject({
      phase: 'Completed',
    });
    const restores = await velero.list(
      'Restore',
      'styrmin.io/restore-id=id-shop-r3',
    );
    expect(restores).toHaveLength(1);
  });

  it('follows the Backup it made when claimed again, rather than making another', async () => {
    const again = await runBackupFlow(
      'CREATE_BACKUP',
      backupParameters('shop-one'),
    );

    expect(again.outcome).toEqual({ state: 'SUCCEEDED' });
    expect(again.reports.backups).toHaveLength(1);
    expect(again.reports.backups[0]).toMatchObject({ phase: 'Completed' });
  });

  it("fails a backup against a location whose store refuses the credentials, with Velero's reason", async () => {
    await createRefusedCredentials(sandbox);
    const location = (await velero.read<any>(
      'BackupStorageLocation',
      'default',
    ))!;
    await velero.create({
      apiVersion: 'velero.io/v1',
      kind: 'BackupStorageLocation',
      metadata: { name: 'refusing', namespace: 'velero' },
      spec: {
        ...location.spec,
        default: false,
        credential: REFUSED_CREDENTIALS,
      },
    });

    const failed = await runBackupFlow(
      'CREATE_BACKUP',
      backupParameters('shop-refused', 'refusing'),
    );

    expect(failed.outcome).toEqual({
      state: 'FAILED',
      error: expect.stringContaining(
        "Back up the namespace: Velero backup shop-refused failed validation: backup can't be created because BackupStorageLocation refusing is in Unavailable status.",
      ),
    });
    expect((failed.outcome as { error: string }).error).toContain(
      'SignatureDoesNotMatch',
    );
    expect(failed.reports.backups.at(-1)).toMatchObject({
      phase: 'FailedValidation',
      failureReason: expect.stringContaining('SignatureDoesNotMatch'),
    });
  });

  it('deletes a backup with its data through a DeleteBackupRequest, and a deleted one at once', async () => {
    const deleted = await runBackupFlow('DELETE_BACKUP', {
      backupId: 'id-shop-one',
      veleroBackupName: 'shop-one',
    });

    expect(deleted.outcome).toEqual({ state: 'SUCCEEDED' });
    expect(await velero.read('Backup', 'shop-one')).toBeUndefined();
    expect(await velero.read('DeleteBackupRequest', 'shop-one')).toMatchObject({
      status: { phase: 'Processed' },
    });

    const again = await runBackupFlow('DELETE_BACKUP', {
      backupId: 'id-shop-one',
      veleroBackupName: 'shop-one',
    });
    expect(again.outcome).toEqual({ state: 'SUCCEEDED' });
  });

  it('fails a run whose parameters it cannot read, saying which', async () => {
    const broken = await runBackupFlow('CREATE_BACKUP', { deploymentId: ID });

    expect(broken.outcome).toEqual({
      state: 'FAILED',
      error: expect.stringContaining(
        'Back up the namespace: Flow CREATE_BACKUP came with parameters this agent cannot read',
      ),
    });
    expect((broken.outcome as { error: string }).error).toContain(
      'veleroBackupName',
    );
  });
});
