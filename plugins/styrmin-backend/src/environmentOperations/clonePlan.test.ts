import { Backup } from '../backups/BackupStore';
import { Deployment } from '../deployments/DeploymentStore';
import { Environment } from '../environments/EnvironmentStore';
import { planEnvironmentClone, PlanEnvironmentCloneOptions } from './clonePlan';
import { EnvironmentBackupView } from './environmentBackupStatus';

const at = new Date('2026-12-01T00:00:00Z');
const now = new Date('2026-12-02T00:00:00Z');
const stamps = {
  version: 1,
  createdBy: 'user:default/ada',
  createdAt: at,
  updatedBy: 'user:default/ada',
  updatedAt: at,
};

const dev: Environment = {
  id: 'e-dev',
  name: 'dev',
  clusterId: 'c-local',
  overrides: { base_domain: 'dev.example.com', storage_class: 'fast' },
  settings: {},
  backupStorageLocation: 'minio',
  ...stamps,
};

const living = (name: string, driver = 'infrahub'): Deployment => ({
  id: `d-${name}`,
  environmentId: dev.id,
  name,
  driver: { name: driver, version: '1.0.0' },
  configuration: { app_version: '1.5.2', parameters: {}, components: {} },
  state: 'RUNNING',
  ...stamps,
});

const completed = (name: string): Backup => ({
  id: `b-${name}`,
  deploymentId: `d-${name}`,
  instanceId: 'i-1',
  backupStorageLocationId: 'l-minio',
  veleroBackupName: `${name}-b`,
  taskId: 't-1',
  trigger: 'ON_DEMAND',
  ttlSeconds: 3600,
  status: { phase: 'Completed', errorCount: 0, warningCount: 0 },
  createdBy: 'user:default/ada',
  createdAt: at,
  updatedAt: at,
});

/** An environment backup of dev (overrides as they were then) with one constituent per name. */
const backupOf = (
  constituents: Array<[string, Backup | undefined]>,
  environmentId = dev.id,
): EnvironmentBackupView => ({
  environmentBackup: {
    id: 'eb-1',
    environmentId,
    environment: {
      name: 'dev',
      clusterId: dev.clusterId,
      overrides: { base_domain: 'then.example.com' },
      backupStorageLocation: 'minio-then',
    },
    deployments: [],
    createdBy: 'user:default/ada',
    createdAt: at,
  },
  constituents: constituents.map(([name, backup]) => ({
    deployment: {
      deploymentId: `d-${name}`,
      name,
      driver: { name, version: '1.0.0' },
      configuration: { app_version: '2.12.0', parameters: {}, components: {} },
      backupId: `b-${name}`,
    },
    backup,
  })),
  status: 'COMPLETED',
});

const plan = (options: Partial<PlanEnvironmentCloneOptions> = {}) =>
  planEnvironmentClone({
    source: dev,
    name: 'dev-copy',
    nameTaken: false,
    clusterId: dev.clusterId,
    eligible: [living('semaphore', 'semaphore'), living('infrahub')],
    now,
    ...options,
  });

describe('planEnvironmentClone', () => {
  it('without a backup: the source eligible deployments by name, its overrides with the patch on top', () => {
    const planned = plan({
      overridesPatch: { base_domain: 'copy.example.com' },
    });
    expect(planned.problems).toEqual([]);
    expect(planned.name).toBe('dev-copy');
    expect(planned.deployments).toEqual([
      {
        name: 'infrahub',
        sourceDeploymentId: 'd-infrahub',
        driver: { name: 'infrahub', version: '1.0.0' },
        appVersion: '1.5.2',
      },
      {
        name: 'semaphore',
        sourceDeploymentId: 'd-semaphore',
        driver: { name: 'semaphore', version: '1.0.0' },
        appVersion: '1.5.2',
      },
    ]);
    expect(planned.overrides).toEqual({
      base_domain: 'copy.example.com',
      storage_class: 'fast',
    });
    expect(planned.backupStorageLocation).toBe('minio');
  });

  it('from a named backup: its captured deployments and configuration, not the source as it is now', () => {
    const planned = plan({
      environmentBackup: backupOf([
        ['semaphore', completed('semaphore')],
        ['infrahub', completed('infrahub')],
      ]),
      eligible: [],
    });
    expect(planned.problems).toEqual([]);
    expect(planned.deployments.map(d => [d.name, d.appVersion])).toEqual([
      ['infrahub', '2.12.0'],
      ['semaphore', '2.12.0'],
    ]);
    expect(planned.overrides).toEqual({ base_domain: 'then.example.com' });
    expect(planned.backupStorageLocation).toBe('minio-then');
  });

  it('names every problem at once', () => {
    const failed = completed('semaphore');
    failed.status = { ...failed.status, phase: 'PartiallyFailed' };
    const planned = plan({
      name: 'Not A Label',
      environmentBackup: backupOf(
        [
          ['infrahub', undefined],
          ['semaphore', failed],
        ],
        'e-prod',
      ),
      overridesPatch: { storage_class: 7 },
    });
    expect(planned.problems).toEqual([
      expect.stringMatching(/^name: /),
      'Environment backup eb-1 is a backup of environment dev, not of dev',
      'The constituent backup of infrahub was deleted or expired',
      expect.stringMatching(
        /^The constituent backup of semaphore cannot be restored: The backup is PartiallyFailed/,
      ),
      expect.stringMatching(/^overrides\.storage_class: /),
    ]);
  });

  it('refuses a name in use, a source without a location or without a deployment', () => {
    expect(
      plan({
        nameTaken: true,
        source: { ...dev, backupStorageLocation: undefined },
        eligible: [],
      }).problems,
    ).toEqual([
      'An environment named dev-copy exists already',
      'Environment dev has no backup storage location: a clone takes an environment backup of it first',
      expect.stringMatching(/^Environment dev has no deployment to clone/),
    ]);
  });
});
