import { rollbackRefusal } from './rollbackRefusal';

const CONFIGURATION = { app_version: '1.5.0', parameters: {}, components: {} };
const completed = {
  veleroBackupName: 'infrahub-1',
  status: { phase: 'Completed', errorCount: 0, warningCount: 0 },
} as const;
const base = {
  deploymentName: 'infrahub',
  active: { number: 3 },
  target: { number: 2, configuration: CONFIGURATION },
  withData: false,
};

describe('rollbackRefusal', () => {
  it('lets an earlier instance with its declared state be rolled back to, with a Completed restore point for its data', () => {
    expect(rollbackRefusal(base)).toBeUndefined();
    expect(
      rollbackRefusal({ ...base, withData: true, restorePoint: completed }),
    ).toBeUndefined();
  });

  describe('1. the target is earlier than the active instance', () => {
    it.each([3, 4])('refuses instance %i of 3 on toInstance', number => {
      expect(
        rollbackRefusal({ ...base, target: { ...base.target, number } }),
      ).toMatchObject({ code: 'VALIDATION_FAILED', field: 'toInstance' });
    });

    it('refuses a deployment without an active instance (CONFLICT)', () => {
      expect(rollbackRefusal({ ...base, active: undefined })).toMatchObject({
        code: 'CONFLICT',
      });
    });
  });

  describe('2. the target kept its declared state', () => {
    it('refuses an instance recorded before (CONFLICT)', () => {
      expect(
        rollbackRefusal({
          ...base,
          target: { number: 2, configuration: undefined },
        }),
      ).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/declared state/),
      });
    });
  });

  describe('3. with data, a restore point of the target exists', () => {
    it('refuses on withData without one', () => {
      expect(rollbackRefusal({ ...base, withData: true })).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'withData',
      });
    });
  });

  describe('4. that restore point Completed', () => {
    it.each([['Failed'], ['InProgress'], [undefined]])(
      'refuses one that is %s (CONFLICT)',
      phase => {
        expect(
          rollbackRefusal({
            ...base,
            withData: true,
            restorePoint: {
              veleroBackupName: 'infrahub-1',
              status: { phase } as any,
            },
          }),
        ).toMatchObject({ code: 'CONFLICT' });
      },
    );
  });

  it('names the first rule broken: an instance not earlier before a missing restore point', () => {
    expect(
      rollbackRefusal({
        ...base,
        target: { number: 3, configuration: undefined },
        withData: true,
      }),
    ).toMatchObject({ field: 'toInstance' });
  });
});
