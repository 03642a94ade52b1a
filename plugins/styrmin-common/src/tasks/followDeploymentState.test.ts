import { DeploymentState } from '../domain/DeploymentState';
import { TaskResult } from '../domain/TaskResult';
import {
  DeploymentStateChange,
  deploymentStateAfterRun,
  deploymentStateFromStatus,
  readyConditionOf,
} from './followDeploymentState';
import { FlowName } from './FlowName';

describe('deploymentStateAfterRun', () => {
  it.each<
    [
      FlowName,
      'SUCCEEDED' | 'FAILED' | 'CRASHED',
      string | undefined,
      DeploymentStateChange | undefined,
    ]
  >([
    ['CREATE_INSTANCE', 'SUCCEEDED', undefined, { state: 'RUNNING' }],
    ['UPDATE_INSTANCE', 'SUCCEEDED', undefined, { state: 'RUNNING' }],
    ['UPGRADE_INSTANCE', 'SUCCEEDED', undefined, { state: 'RUNNING' }],
    ['DELETE', 'SUCCEEDED', undefined, { state: 'DELETED' }],
    ['STOP_COMPONENTS', 'SUCCEEDED', undefined, undefined],
    ['START_COMPONENTS', 'SUCCEEDED', undefined, undefined],
    ['RUN_JOB', 'SUCCEEDED', undefined, undefined],
    ['RUN_JOB', 'FAILED', 'exit code 1', undefined],
    ['RUN_JOB', 'CRASHED', 'no attempt is left', undefined],
    ['CREATE_BACKUP', 'SUCCEEDED', undefined, undefined],
    ['CREATE_BACKUP', 'FAILED', 'the location is Unavailable', undefined],
    ['DELETE_BACKUP', 'CRASHED', undefined, undefined],
    ['RESTORE_BACKUP', 'SUCCEEDED', undefined, { state: 'RUNNING' }],
    [
      'RESTORE_BACKUP',
      'FAILED',
      'the Restore Failed',
      { state: 'FAILED', reason: 'restore_backup failed: the Restore Failed' },
    ],
    [
      'CREATE_INSTANCE',
      'FAILED',
      'chart not found',
      { state: 'FAILED', reason: 'create_instance failed: chart not found' },
    ],
    [
      'DELETE',
      'FAILED',
      undefined,
      { state: 'FAILED', reason: 'delete_deployment failed' },
    ],
    [
      'UPGRADE_INSTANCE',
      'CRASHED',
      'no attempt is left',
      {
        state: 'FAILED',
        reason: 'upgrade_instance crashed: no attempt is left',
      },
    ],
    [
      'STOP_COMPONENTS',
      'FAILED',
      'timeout',
      { state: 'FAILED', reason: 'stop_components failed: timeout' },
    ],
  ])('%s %s (%s) → %j', (flowName, state, reason, expected) => {
    expect(deploymentStateAfterRun({ flowName, state, reason })).toEqual(
      expected,
    );
  });
});

const ready = (status: string, reason?: string, message?: string) => ({
  observedGeneration: 2,
  conditions: [
    { type: 'NamespaceReady', status: 'True', reason: 'Reconciled' },
    {
      type: 'Ready',
      status,
      ...(reason ? { reason } : {}),
      ...(message ? { message } : {}),
    },
  ],
});

describe('readyConditionOf', () => {
  it('reads the Ready condition', () => {
    expect(
      readyConditionOf(ready('False', 'ChartRenderFailed', 'boom')),
    ).toEqual({
      status: 'False',
      reason: 'ChartRenderFailed',
      message: 'boom',
    });
  });

  it.each([
    [{}],
    [{ conditions: 'x' }],
    [{ conditions: [{ type: 'Ready', status: 'maybe' }] }],
    [{ conditions: [{ type: 'Other', status: 'True' }] }],
  ])('finds none in %j', status => {
    expect(readyConditionOf(status)).toBeUndefined();
  });
});

describe('deploymentStateFromStatus', () => {
  it.each<
    [
      DeploymentState,
      TaskResult | undefined,
      ReturnType<typeof ready> | object,
      DeploymentStateChange | undefined,
    ]
  >([
    [
      'RUNNING',
      'SUCCEEDED',
      ready('False', 'HelmReleaseFailed', 'upgrade retries exhausted'),
      {
        state: 'FAILED',
        reason: 'HelmReleaseFailed: upgrade retries exhausted',
      },
    ],
    [
      'RUNNING',
      'SUCCEEDED',
      ready('False'),
      {
        state: 'FAILED',
        reason: 'The StyrminDeployment resource is not ready',
      },
    ],
    ['RUNNING', 'SUCCEEDED', ready('True'), undefined],
    ['RUNNING', 'SUCCEEDED', ready('Unknown', 'Progressing'), undefined],
    ['RUNNING', 'SUCCEEDED', {}, undefined],
    ['FAILED', 'SUCCEEDED', ready('True'), { state: 'RUNNING' }],
    // The task failed: only a new change ends that.
    ['FAILED', 'FAILED', ready('True'), undefined],
    ['FAILED', 'SUPERSEDED', ready('True'), undefined],
    // While a task runs, it decides.
    ['DEPLOYING', 'RUNNING', ready('False', 'X'), undefined],
    ['DEPLOYING', 'RUNNING', ready('True'), undefined],
    ['RUNNING', 'RUNNING', ready('False', 'X'), undefined],
    ['DELETING', 'RUNNING', ready('False', 'Deleting'), undefined],
    ['DELETED', 'SUCCEEDED', ready('False', 'Deleting'), undefined],
    ['PENDING', undefined, ready('True'), undefined],
  ])(
    '%s, newest task %s, %j → %j',
    (state, newestTaskResult, status, expected) => {
      expect(
        deploymentStateFromStatus({
          state,
          newestTaskResult,
          status: status as any,
        }),
      ).toEqual(expected);
    },
  );
});
