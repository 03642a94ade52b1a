import { Backup } from '../backups/BackupStore';
import { Deployment } from '../deployments/DeploymentStore';
import { EnvironmentBackupView } from './environmentBackupStatus';
import {
  constituentRefusal,
  decideEnvironmentRestore,
} from './restoreDecisions';

const now = new Date('2026-12-02T00:00:00Z');
const at = new Date('2026-12-01T00:00:00Z');

const deployment: Deployment = {
  id: 'd-infrahub',
  environmentId: 'e-dev',
  name: 'infrahub',
  driver: { name: 'infrahub', version: '1.0.0' },
  configuration: { app_version: '1.5.2', parameters: {}, components: {} },
  state: 'RUNNING',
  version: 1,
  createdBy: 'user:default/ada',
  createdAt: at,
  updatedBy: 'user:default/ada',
  updatedAt: at,
};

const backup: Backup = {
  id: 'b-infrahub',
  deploymentId: deployment.id,
  instanceId: 'i-1',
  backupStorageLocationId: 'l-minio',
  veleroBackupName: 'infrahub-b',
  taskId: 't-1',
  trigger: 'ON_DEMAND',
  ttlSeconds: 3600 * 72,
  status: {
    phase: 'Completed',
    errorCount: 0,
    warningCount: 0,
    expiresAt: new Date('2026-12-03T00:00:00Z'),
  },
  createdBy: 'user:default/ada',
  createdAt: at,
  updatedAt: at,
};

const constituent = (overrides: { backup?: Backup; name?: string } = {}) => {
  const name = overrides.name ?? 'infrahub';
  return {
    deployment: {
      deploymentId: `d-${name}`,
      name,
      driver: deployment.driver,
      configuration: deployment.configuration,
      backupId: `b-${name}`,
    },
    backup: 'backup' in overrides ? overrides.backup : backup,
  };
};

const refusal = (options: {
  backup?: Backup;
  deployment?: Deployment;
  busy?: boolean;
}) =>
  constituentRefusal({
    constituent: constituent(
      'backup' in options ? { backup: options.backup } : {},
    ),
    deployment: 'deployment' in options ? options.deployment : deployment,
    busy: options.busy ?? false,
    now,
  })?.reason;

describe('constituentRefusal', () => {
  it('restores a living, idle deployment from a Completed constituent', () => {
    expect(refusal({})).toBeUndefined();
  });

  describe('1. DEPLOYMENT_DELETED', () => {
    it.each<[string, Deployment | undefined]>([
      ['deleted', { ...deployment, state: 'DELETED', deletedAt: at }],
      ['being deleted', { ...deployment, state: 'DELETING', deletedAt: at }],
      ['its record gone', undefined],
    ])('%s', (_, found) => {
      expect(refusal({ deployment: found })).toBe('DEPLOYMENT_DELETED');
    });
  });

  describe('2. CONSTITUENT_GONE', () => {
    it.each<[string, Backup | undefined]>([
      ['deleted', undefined],
      ['its deletion recorded', { ...backup, deleteTaskId: 't-delete' }],
      ['expired', { ...backup, status: { ...backup.status, expiresAt: now } }],
    ])('%s', (_, left) => {
      expect(refusal({ backup: left })).toBe('CONSTITUENT_GONE');
    });
  });

  describe('3. CONSTITUENT_FAILED', () => {
    it.each(['Failed', 'PartiallyFailed', 'InProgress', undefined] as const)(
      'phase %s',
      phase => {
        expect(
          refusal({
            backup: { ...backup, status: { ...backup.status, phase } },
          }),
        ).toBe('CONSTITUENT_FAILED');
      },
    );
  });

  it('4. DEPLOYMENT_BUSY', () => {
    expect(refusal({ busy: true })).toBe('DEPLOYMENT_BUSY');
  });

  it('tries the rules in order: deleted, gone, failed, busy', () => {
    const failed = { ...backup, status: { ...backup.status, phase: 'Failed' } };
    const tombstone = { ...deployment, state: 'DELETED', deletedAt: at };
    expect(
      refusal({ deployment: tombstone as Deployment, backup: undefined }),
    ).toBe('DEPLOYMENT_DELETED');
    expect(
      refusal({ backup: { ...failed, deleteTaskId: 't' } as Backup }),
    ).toBe('CONSTITUENT_GONE');
    expect(refusal({ backup: failed as Backup, busy: true })).toBe(
      'CONSTITUENT_FAILED',
    );
  });
});

describe('decideEnvironmentRestore', () => {
  it('splits the constituents, by name, with each refusal in words naming the deployment', () => {
    const view: EnvironmentBackupView = {
      environmentBackup: {
        id: 'eb-1',
        environmentId: 'e-dev',
        environment: { name: 'dev', clusterId: 'c-1', overrides: {} },
        deployments: [],
        createdBy: 'user:default/ada',
        createdAt: at,
      },
      constituents: [
        constituent({ name: 'infrahub' }),
        constituent({ name: 'semaphore', backup: undefined }),
        constituent({ name: 'vault' }),
      ],
      status: 'PARTIAL',
    };
    const living = (name: string): [string, Deployment] => [
      `d-${name}`,
      { ...deployment, id: `d-${name}`, name },
    ];
    const decision = decideEnvironmentRestore({
      view,
      deployments: new Map([living('infrahub'), living('semaphore')]),
      busyDeploymentIds: new Set(),
      now,
    });
    expect(decision.restores.map(c => c.deployment.name)).toEqual(['infrahub']);
    expect(decision.unrestorable).toEqual([
      {
        deploymentName: 'semaphore',
        reason: 'CONSTITUENT_GONE',
        message: 'The constituent backup of semaphore was deleted or expired',
      },
      {
        deploymentName: 'vault',
        reason: 'DEPLOYMENT_DELETED',
        message: expect.stringMatching(/^Deployment vault was deleted/),
      },
    ]);
  });
});
