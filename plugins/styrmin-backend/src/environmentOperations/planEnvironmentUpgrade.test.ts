import { DriverSpec } from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../deployments/DeploymentStore';
import { Driver, DriverVersion } from '../drivers/DriverStore';
import {
  planEnvironmentUpgrade,
  PlanEnvironmentUpgradeOptions,
} from './planEnvironmentUpgrade';

const at = new Date('2026-12-01T12:00:00Z');

/** A driver with these versions (given oldest first), each connecting to `connectsTo`. */
function driver(
  name: string,
  versions: string[],
  connectsTo?: string[],
): Driver {
  return {
    name,
    createdAt: at,
    versions: [...versions].reverse().map(
      version =>
        ({
          id: `${name}-${version}`,
          name,
          version,
          spec: {
            spec: { version, ...(connectsTo && { connects_to: connectsTo }) },
          } as unknown as DriverSpec,
        } as DriverVersion),
    ),
  };
}

function deployment(
  name: string,
  driverName: string,
  version: string,
  state: Deployment['state'] = 'RUNNING',
): Deployment {
  return {
    id: `id-${name}`,
    environmentId: 'env',
    name,
    driver: { name: driverName, version },
    configuration: { app_version: '1', parameters: {} } as never,
    state,
    createdBy: 'user:default/ada',
    createdAt: at,
    updatedBy: 'user:default/ada',
    updatedAt: at,
    version: 1,
  } as Deployment;
}

const infrahub = driver('infrahub', ['1.0.0', '1.1.0'], []);
const semaphore = driver('semaphore', ['1.0.0', '1.2.0'], ['infrahub']);

function plan(options: Partial<PlanEnvironmentUpgradeOptions> = {}) {
  return planEnvironmentUpgrade({
    environment: { name: 'dev', backupStorageLocation: 'minio' },
    deployments: [
      deployment('semaphore', 'semaphore', '1.0.0'),
      deployment('infrahub', 'infrahub', '1.0.0'),
    ],
    drivers: [infrahub, semaphore],
    busyDeploymentIds: new Set(),
    backupFirst: false,
    allowDowngrade: false,
    ...options,
  });
}

const summary = (result: ReturnType<typeof plan>) =>
  result.upgrades.map(
    u =>
      `${u.position} ${u.deployment.name} ${u.fromVersion}->${
        u.toVersion
      } after [${u.after.join(',')}]`,
  );

describe('planEnvironmentUpgrade', () => {
  describe('1. named versions', () => {
    it('goes to the named version, and leaves out one already at it', () => {
      const result = plan({
        versions: [
          { deploymentId: 'id-infrahub', driverVersion: '1.1.0' },
          { deploymentId: 'id-semaphore', driverVersion: '1.0.0' },
        ],
      });
      expect(summary(result)).toEqual(['1 infrahub 1.0.0->1.1.0 after []']);
      expect(result.skipped).toEqual([
        expect.objectContaining({
          deploymentName: 'semaphore',
          reason: 'it is at 1.0.0 already',
        }),
      ]);
      expect(result.problems).toEqual([]);
    });

    it('refuses unknown deployments and versions, and a downgrade unless allowed, all at once', () => {
      const deployments = [deployment('infrahub', 'infrahub', '1.1.0')];
      const versions = [
        { deploymentId: 'id-infrahub', driverVersion: '1.0.0' },
        { deploymentId: 'id-gone', driverVersion: '1.0.0' },
      ];
      expect(plan({ deployments, versions }).problems).toEqual([
        'Deployment id-gone is not a deployment of environment dev',
        'infrahub: 1.1.0 to 1.0.0 is a downgrade, refused unless the upgrade allows downgrades',
      ]);
      expect(
        summary(
          plan({ deployments, versions: [versions[0]], allowDowngrade: true }),
        ),
      ).toEqual(['1 infrahub 1.1.0->1.0.0 after []']);
      expect(
        plan({
          deployments,
          versions: [{ deploymentId: 'id-infrahub', driverVersion: '9.9.9' }],
        }).problems,
      ).toEqual(['infrahub: driver infrahub has no version 9.9.9 loaded']);
    });

    it('refuses a named deployment that is not RUNNING or busy', () => {
      const result = plan({
        deployments: [
          deployment('infrahub', 'infrahub', '1.0.0', 'FAILED'),
          deployment('semaphore', 'semaphore', '1.0.0'),
        ],
        busyDeploymentIds: new Set(['id-semaphore']),
        versions: [
          { deploymentId: 'id-infrahub', driverVersion: '1.1.0' },
          { deploymentId: 'id-semaphore', driverVersion: '1.2.0' },
        ],
      });
      expect(result.problems).toEqual([
        'infrahub cannot be upgraded: it is FAILED, not RUNNING',
        'semaphore cannot be upgraded: it has a task that has not ended',
      ]);
    });
  });

  describe("2. the drivers' newest versions", () => {
    it('upgrades what has a newer version and skips the rest, with why', () => {
      const result = plan({
        deployments: [
          deployment('infrahub', 'infrahub', '1.1.0'),
          deployment('semaphore', 'semaphore', '1.0.0'),
          deployment('other', 'semaphore', '1.0.0', 'DEPLOYING'),
        ],
      });
      expect(summary(result)).toEqual(['1 semaphore 1.0.0->1.2.0 after []']);
      expect(
        result.skipped.map(s => `${s.deploymentName}: ${s.reason}`),
      ).toEqual([
        'infrahub: no version of infrahub newer than 1.1.0',
        'other: it is DEPLOYING, not RUNNING',
      ]);
    });
  });

  describe('3. dependency order', () => {
    it('upgrades a deployment after those it connects to', () => {
      expect(summary(plan())).toEqual([
        '1 infrahub 1.0.0->1.1.0 after []',
        '2 semaphore 1.0.0->1.2.0 after [infrahub]',
      ]);
    });

    it('follows connections through deployments it does not upgrade, and ties by name', () => {
      const gateway = driver('gateway', ['1.0.0', '2.0.0'], ['semaphore']);
      const result = plan({
        deployments: [
          deployment('gateway', 'gateway', '1.0.0'),
          deployment('semaphore', 'semaphore', '1.2.0'),
          deployment('infrahub', 'infrahub', '1.0.0'),
          deployment('another', 'infrahub', '1.0.0'),
        ],
        drivers: [infrahub, semaphore, gateway],
      });
      expect(summary(result)).toEqual([
        '1 another 1.0.0->1.1.0 after []',
        '2 infrahub 1.0.0->1.1.0 after []',
        '3 gateway 1.0.0->2.0.0 after [another,infrahub]',
      ]);
    });

    it('refuses deployments that connect to each other', () => {
      const open = driver('open', ['1.0.0', '2.0.0']);
      const result = plan({
        deployments: [
          deployment('a', 'open', '1.0.0'),
          deployment('b', 'open', '1.0.0'),
        ],
        drivers: [open],
      });
      expect(result.upgrades).toEqual([]);
      expect(result.problems).toEqual([
        'a, b connect to each other: there is no order in which each runs after those it connects to',
      ]);
    });
  });

  describe('4. the whole upgrade', () => {
    it('refuses nothing to upgrade, an open environment operation and a backup without a location', () => {
      const result = plan({
        environment: { name: 'dev' },
        deployments: [deployment('infrahub', 'infrahub', '1.1.0')],
        openEnvironmentTaskId: 'task-1',
        backupFirst: true,
      });
      expect(result.problems).toEqual([
        'Environment dev has no deployment to upgrade',
        'Environment dev has an environment operation that has not ended (task task-1)',
        'Environment dev has no backup storage location to back up to first',
      ]);
      expect(result.backupFirst).toBe(true);
    });
  });
});
