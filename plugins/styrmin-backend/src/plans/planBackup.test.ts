import { DriverSpec } from '@styrmin/plugin-styrmin-common';
import { Environment } from '../environments/EnvironmentStore';
import { planBackup } from './planBackup';

const driver = (migratesData: boolean) =>
  ({
    metadata: { name: 'infrahub' },
    spec: {
      version: '1.1.0',
      actions: [{ name: 'run-migrations', hook: 'upgrade', migratesData }],
    },
  } as unknown as DriverSpec);

const dev = (backup_before_upgrade?: string) =>
  ({
    name: 'dev',
    settings: backup_before_upgrade ? { backup_before_upgrade } : {},
  } as Environment);

describe('planBackup', () => {
  it('1. takes none for a change that is not an upgrade, whatever the environment says', () => {
    for (const flowName of ['CREATE_INSTANCE', 'UPDATE_INSTANCE'] as const) {
      expect(
        planBackup({
          environment: dev('always'),
          flowName,
          driver: driver(true),
        }),
      ).toEqual({
        taken: false,
        reason: 'Only an upgrade takes a backup first',
      });
    }
    expect(
      planBackup({ environment: dev('always'), driver: driver(true) }).taken,
    ).toBe(false);
  });

  it('2. takes one before every upgrade with always', () => {
    expect(
      planBackup({
        environment: dev('always'),
        flowName: 'UPGRADE_INSTANCE',
        driver: driver(false),
      }),
    ).toEqual({
      taken: true,
      reason: 'Environment dev sets backup_before_upgrade: always',
    });
  });

  it('3. takes one with on_data_migration only when an upgrade action migrates data', () => {
    const upgrade = (migratesData: boolean) =>
      planBackup({
        environment: dev('on_data_migration'),
        flowName: 'UPGRADE_INSTANCE',
        driver: driver(migratesData),
      });
    expect(upgrade(true)).toEqual({
      taken: true,
      reason:
        'Environment dev sets backup_before_upgrade: on_data_migration, and an upgrade action of infrahub 1.1.0 migrates data',
    });
    expect(upgrade(false)).toEqual({
      taken: false,
      reason:
        'Environment dev sets backup_before_upgrade: on_data_migration, and no upgrade action of infrahub 1.1.0 declares migratesData',
    });
  });

  it('4. takes none with never or no setting', () => {
    const upgrade = (policy?: string) =>
      planBackup({
        environment: dev(policy),
        flowName: 'UPGRADE_INSTANCE',
        driver: driver(true),
      });
    expect(upgrade('never')).toEqual({
      taken: false,
      reason: 'Environment dev sets backup_before_upgrade: never',
    });
    expect(upgrade()).toEqual({
      taken: false,
      reason: 'Environment dev sets no backup_before_upgrade (never)',
    });
  });
});
