import { TaskType } from '../domain/TaskType';
import { FlowName } from './FlowName';
import { FlowRunState } from './FlowRunState';

describe('the flow enums', () => {
  it('names a flow for every task type', () => {
    expect(FlowName.values).toEqual([
      'CREATE_INSTANCE',
      'UPDATE_INSTANCE',
      'UPGRADE_INSTANCE',
      'DELETE',
      'STOP_COMPONENTS',
      'START_COMPONENTS',
      'RESTART_COMPONENTS',
      'RUN_JOB',
      'CREATE_BACKUP',
      'RESTORE_BACKUP',
      'DELETE_BACKUP',
      'UPGRADE_ENVIRONMENT',
      'RESTORE_ENVIRONMENT',
      'CLONE_ENVIRONMENT',
    ]);
    const descriptions = Object.values(FlowName.descriptions).join('\n');
    for (const type of TaskType.values) {
      expect(descriptions).toContain(`(task ${type})`);
    }
  });

  it('lists the flow run states from scheduled to ended', () => {
    expect(FlowRunState.values).toEqual([
      'SCHEDULED',
      'RUNNING',
      'SUCCEEDED',
      'FAILED',
      'CRASHED',
    ]);
  });
});
