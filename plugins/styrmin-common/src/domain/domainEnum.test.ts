import { DeploymentState } from './DeploymentState';
import { StepStatus } from './StepStatus';
import { TaskResult } from './TaskResult';
import { TaskType } from './TaskType';
import { Hook, Mode, compareModes } from './lifecycle';

describe('the glossary enums', () => {
  it.each([
    [
      DeploymentState,
      [
        'PENDING',
        'DEPLOYING',
        'RUNNING',
        'RESTORING',
        'FAILED',
        'DELETING',
        'DELETED',
      ],
    ],
    [StepStatus, ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'SUPERSEDED']],
    [TaskResult, ['RUNNING', 'FAILED', 'SUPERSEDED', 'SUCCEEDED']],
    [
      TaskType,
      [
        'create_instance',
        'update_instance',
        'upgrade_instance',
        'stop_components',
        'start_components',
        // The glossary's third lifecycle operation of a component.
        'restart_components',
        'run_job',
        'delete_deployment',
        // The glossary's list is "for example"; the backups' tasks follow it.
        'create_backup',
        'restore_backup',
        'delete_backup',
        // Then the environment operations' parent tasks.
        'upgrade_environment',
        'restore_environment',
        'clone_environment',
      ],
    ],
    [Hook, ['setup', 'upgrade']],
    [Mode, ['pre', 'core', 'post']],
  ])(
    '%# lists exactly the glossary values, in its order',
    (domainEnum, expected) => {
      expect(domainEnum.values).toEqual(expected);
      for (const value of expected) {
        expect(domainEnum.descriptions[value as never]).toMatch(/\w/);
      }
    },
  );

  it('accepts its own values and nothing else', () => {
    expect(DeploymentState.is('RUNNING')).toBe(true);
    expect(DeploymentState.is('running')).toBe(false);
    expect(DeploymentState.is('toString')).toBe(false);
    expect(DeploymentState.is(undefined)).toBe(false);
    expect(StepStatus.parse('SUPERSEDED')).toBe('SUPERSEDED');
  });

  it('names the enum and the allowed values when parsing fails', () => {
    expect(() => Mode.parse('during')).toThrow(
      'Invalid mode "during"; expected one of pre, core, post',
    );
    expect(() => Hook.parse(3)).toThrow(TypeError);
  });

  it('orders the modes as they run', () => {
    const shuffled: Mode[] = ['post', 'pre', 'core', 'pre'];
    expect([...shuffled].sort(compareModes)).toEqual([
      'pre',
      'pre',
      'core',
      'post',
    ]);
  });

  it('cannot be changed at run time', () => {
    expect(() => (DeploymentState.values as string[]).push('X')).toThrow();
  });
});
