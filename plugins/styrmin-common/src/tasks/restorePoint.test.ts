import { exampleDriver } from '../__testUtils__/exampleDriver';
import { DriverSpec } from '../driver/DriverSpec';
import { plannedSteps } from './plannedSteps';
import {
  RESTORE_RESTORE_POINT_STEP,
  TAKE_RESTORE_POINT_STEP,
  takesRestorePoint,
} from './restorePoint';

const INFRAHUB = exampleDriver('infrahub/1.1.0');

/** infrahub 1.1.0 with its upgrade pre-hook's action declaring a data migration. */
const MIGRATING: DriverSpec = {
  ...INFRAHUB,
  spec: {
    ...INFRAHUB.spec,
    actions: INFRAHUB.spec.actions.map(action =>
      action.hook === 'upgrade' && action.mode === 'pre'
        ? { ...action, migratesData: true }
        : action,
    ),
  },
};

describe('takesRestorePoint', () => {
  describe('1. only UPGRADE_INSTANCE takes one', () => {
    it.each(['CREATE_INSTANCE', 'UPDATE_INSTANCE', 'DELETE'] as const)(
      '%s takes none, even with always',
      flowName => {
        expect(
          takesRestorePoint({ flowName, driver: MIGRATING, policy: 'always' }),
        ).toBe(false);
      },
    );
  });

  describe('2. always', () => {
    it('takes one for an upgrade without a data migration', () => {
      expect(
        takesRestorePoint({
          flowName: 'UPGRADE_INSTANCE',
          driver: INFRAHUB,
          policy: 'always',
        }),
      ).toBe(true);
    });
  });

  describe('3. on_data_migration', () => {
    it('takes one when an upgrade action of the target version migrates data', () => {
      expect(
        takesRestorePoint({
          flowName: 'UPGRADE_INSTANCE',
          driver: MIGRATING,
          policy: 'on_data_migration',
        }),
      ).toBe(true);
    });

    it('takes none when no upgrade action declares it', () => {
      expect(INFRAHUB.spec.actions.some(a => a.hook === 'upgrade')).toBe(true);
      expect(
        takesRestorePoint({
          flowName: 'UPGRADE_INSTANCE',
          driver: INFRAHUB,
          policy: 'on_data_migration',
        }),
      ).toBe(false);
    });

    it('takes none when only a setup action declares it', () => {
      const setupMigrates: DriverSpec = {
        ...INFRAHUB,
        spec: {
          ...INFRAHUB.spec,
          actions: INFRAHUB.spec.actions.map(action =>
            action.hook === 'setup'
              ? { ...action, migratesData: true }
              : action,
          ),
        },
      };
      expect(
        takesRestorePoint({
          flowName: 'UPGRADE_INSTANCE',
          driver: setupMigrates,
          policy: 'on_data_migration',
        }),
      ).toBe(false);
    });
  });

  describe('4. never or no setting', () => {
    it.each(['never', undefined] as const)('%s takes none', policy => {
      expect(
        takesRestorePoint({
          flowName: 'UPGRADE_INSTANCE',
          driver: MIGRATING,
          policy,
        }),
      ).toBe(false);
    });
  });
});

describe('plannedSteps with a restore point', () => {
  it('takes it first, before the upgrade pre-hook changes anything', () => {
    const steps = plannedSteps({
      flowName: 'UPGRADE_INSTANCE',
      driver: INFRAHUB,
      restorePoint: true,
    });
    expect(steps.slice(0, 2)).toEqual([
      TAKE_RESTORE_POINT_STEP,
      'Run the upgrade pre-hook',
    ]);
    expect(
      plannedSteps({ flowName: 'UPGRADE_INSTANCE', driver: INFRAHUB }),
    ).toEqual(steps.slice(1));
  });
});

describe('plannedSteps of a rollback with data', () => {
  it('restores the restore point last, after the post-hook', () => {
    const steps = plannedSteps({
      flowName: 'UPGRADE_INSTANCE',
      driver: INFRAHUB,
      restoresBackup: true,
    });
    expect(steps.slice(-2)).toEqual([
      'Run the upgrade post-hook',
      RESTORE_RESTORE_POINT_STEP,
    ]);
  });
});
