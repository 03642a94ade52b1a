import { AgentBackupStorageLocation } from '@styrmin/plugin-styrmin-common';
import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import {
  ClusterView,
  memoryLogger,
  waitFor,
} from '../__testUtils__/operatorSandbox';
import { VeleroBackupStorageLocation } from '../velero/velero';
import {
  BackupStorageLocationKeeper,
  BackupStorageLocationsProtocol,
} from './BackupStorageLocationKeeper';
import {
  createRefusedCredentials,
  REFUSED_CREDENTIALS,
} from '../__testUtils__/veleroSandbox';

jest.setTimeout(60_000);

type Report = Parameters<
  BackupStorageLocationsProtocol['reportBackupStorageLocationStatus']
>[0];

/*
 * The keeper against kube-sandbox's Velero, whose BackupStorageLocation controller checks
 * each location against the sandbox's object store with the credentials it names, and a
 * server that lists what the test says.
 */
describe('BackupStorageLocationKeeper', () => {
  let sandbox: Sandbox;
  let view: ClusterView;
  let keeper: BackupStorageLocationKeeper;
  let listed: AgentBackupStorageLocation[];
  let reports: Report[];
  let lists: number;

  const location = (
    change: Partial<AgentBackupStorageLocation> = {},
  ): AgentBackupStorageLocation => ({
    id: 'loc-1',
    name: 'sandbox-store',
    provider: 'S3',
    bucket: sandbox.velero!.bucket,
    prefix: 'styrmin',
    region: 'minio',
    endpointUrl: sandbox.velero!.endpoint,
    pathStyle: true,
    credentials: { secretName: 'cloud-credentials', key: 'cloud' },
    configured: true,
    ...change,
  });

  const readLocation = (name: string) =>
    view.read<VeleroBackupStorageLocation>(
      'velero.io/v1',
      'BackupStorageLocation',
      name,
      'velero',
    );

  const lastReport = (id: string) =>
    reports.filter(report => report.id === id).at(-1);

  beforeAll(async () => {
    sandbox = await startSandbox({ flux: false });
    view = new ClusterView(sandbox);
    await createRefusedCredentials(sandbox);
  });

  beforeEach(async () => {
    listed = [];
    reports = [];
    lists = 0;
    keeper = BackupStorageLocationKeeper.create({
      kubeConfig: sandbox.kubeConfig,
      veleroNamespace: 'velero',
      protocol: {
        backupStorageLocations: async () => {
          lists++;
          return { locations: listed };
        },
        reportBackupStorageLocationStatus: async report => {
          reports.push(report);
        },
      },
      logger: memoryLogger(),
      resyncIntervalMs: 100,
    });
  });

  afterEach(async () => {
    await keeper.stop();
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  it("writes the location's BackupStorageLocation and reports Velero's validation, once per change", async () => {
    listed = [location()];
    await keeper.start();

    const report = await waitFor(() => lastReport('loc-1'), {
      what: 'a report',
    });
    expect(report).toMatchObject({
      id: 'loc-1',
      phase: 'Available',
      message: null,
      lastValidationTime: expect.any(String),
      observedAt: expect.any(String),
    });
    expect(await readLocation('sandbox-store')).toMatchObject({
      metadata: {
        labels: {
          'app.kubernetes.io/managed-by': 'styrmin',
          'styrmin.io/backup-storage-location-id': 'loc-1',
        },
      },
      spec: {
        provider: 'aws',
        objectStorage: { bucket: sandbox.velero!.bucket, prefix: 'styrmin' },
        config: { s3Url: sandbox.velero!.endpoint, s3ForcePathStyle: 'true' },
        credential: { name: 'cloud-credentials', key: 'cloud' },
      },
    });

    // The list is read again and again; nothing changed, so nothing is reported again.
    const seen = lists;
    await waitFor(() => lists >= seen + 3, { what: 'three more lists' });
    expect(reports).toHaveLength(1);
  });

  it("reports Unavailable with Velero's reason when the store refuses the credentials, and follows a fix", async () => {
    listed = [
      location({
        credentials: {
          secretName: REFUSED_CREDENTIALS.name,
          key: REFUSED_CREDENTIALS.key,
        },
      }),
    ];
    await keeper.start();

    const refused = await waitFor(
      () => lastReport('loc-1')?.phase === 'Unavailable' && lastReport('loc-1'),
      { what: 'Unavailable' },
    );
    expect(refused.message).toContain('SignatureDoesNotMatch');

    listed = [location()];
    await waitFor(() => lastReport('loc-1')?.phase === 'Available', {
      what: 'Available after the fix',
    });
    expect((await readLocation('sandbox-store'))!.spec.credential!.name).toBe(
      'cloud-credentials',
    );
  });

  it('puts back a BackupStorageLocation deleted by hand, and deletes it once the server no longer lists it', async () => {
    listed = [location()];
    await keeper.start();
    await waitFor(() => readLocation('sandbox-store'), { what: 'created' });

    await view.objects.delete({
      apiVersion: 'velero.io/v1',
      kind: 'BackupStorageLocation',
      metadata: { name: 'sandbox-store', namespace: 'velero' },
    });
    await waitFor(() => readLocation('sandbox-store'), { what: 'put back' });

    listed = [];
    await waitFor(async () => !(await readLocation('sandbox-store')), {
      what: 'deleted',
    });
    expect(await readLocation('default')).toBeDefined();
  });

  it('leaves alone a BackupStorageLocation it did not make, and a location without a bucket gets none', async () => {
    listed = [
      location({ id: 'loc-default', name: 'default' }),
      location({
        id: 'loc-2',
        name: 'unready',
        bucket: null,
        configured: false,
      }),
    ];
    const before = await readLocation('default');
    await keeper.start();

    await waitFor(() => lastReport('loc-default') && lastReport('loc-2'), {
      what: 'both reported',
    });
    expect(lastReport('loc-default')).toMatchObject({
      phase: 'Unavailable',
      message: expect.stringContaining(
        'A BackupStorageLocation velero/default exists that Styrmin did not make',
      ),
    });
    expect(lastReport('loc-2')).toMatchObject({
      phase: 'Unavailable',
      message: expect.stringContaining('no bucket or no credentials'),
    });
    expect((await readLocation('default'))!.spec).toEqual(before!.spec);
    expect(await readLocation('unready')).toBeUndefined();
  });
});
