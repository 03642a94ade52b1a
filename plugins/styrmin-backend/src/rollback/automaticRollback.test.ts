import { failedStepToRollBack } from './automaticRollback';

const steps = (failed: string) =>
  [
    'Take the restore point',
    'Run the upgrade pre-hook',
    'Apply the StyrminDeployment resource',
    'Run the upgrade core-hook',
    'Ensure the namespace',
    'Apply the chart source',
    'Install or upgrade the HelmRelease',
    'Apply the Services',
    'Run the upgrade post-hook',
  ].map(name => ({
    name,
    status: name === failed ? ('FAILED' as const) : ('SUCCEEDED' as const),
  })) as any;

describe('failedStepToRollBack', () => {
  describe('1. only an upgrade_instance task', () => {
    it.each(['update_instance', 'create_instance'] as const)('not %s', type => {
      expect(
        failedStepToRollBack({
          task: { type, steps: steps('Apply the Services') },
          instanceIsRollback: false,
        }),
      ).toBeUndefined();
    });
  });

  describe('2. failed at an operator phase or the upgrade post-hook', () => {
    it.each([
      'Ensure the namespace',
      'Apply the chart source',
      'Install or upgrade the HelmRelease',
      'Apply the Services',
      'Run the upgrade post-hook',
    ])('rolls back after %s', name => {
      expect(
        failedStepToRollBack({
          task: { type: 'upgrade_instance', steps: steps(name) },
          instanceIsRollback: false,
        }),
      ).toBe(name);
    });

    it.each([
      'Take the restore point',
      'Run the upgrade pre-hook',
      'Apply the StyrminDeployment resource',
      'Run the upgrade core-hook',
    ])('not after %s', name => {
      expect(
        failedStepToRollBack({
          task: { type: 'upgrade_instance', steps: steps(name) },
          instanceIsRollback: false,
        }),
      ).toBeUndefined();
    });
  });

  describe('3. its instance is no rollback itself', () => {
    it('does not roll back a rollback that failed', () => {
      expect(
        failedStepToRollBack({
          task: {
            type: 'upgrade_instance',
            steps: steps('Run the upgrade post-hook'),
          },
          instanceIsRollback: true,
        }),
      ).toBeUndefined();
    });
  });
});
