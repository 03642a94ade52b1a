import { exampleDriver } from '../__testUtils__/exampleDriver';
import { FlowName } from './FlowName';
import {
  plannedActions,
  plannedSteps,
  TASK_TYPE_OF_FLOW,
} from './plannedSteps';

const INFRAHUB = exampleDriver('infrahub/1.1.0');
const SEMAPHORE = exampleDriver('semaphore/1.0.0');

const OPERATOR_PHASES = [
  'Ensure the namespace',
  'Apply the chart source',
  'Install or upgrade the HelmRelease',
  'Apply the Services',
];

describe('plannedSteps', () => {
  it.each([
    [
      'CREATE_INSTANCE of infrahub: the setup post-hook only',
      'CREATE_INSTANCE',
      INFRAHUB,
      [
        'Apply the StyrminDeployment resource',
        ...OPERATOR_PHASES,
        'Run the setup post-hook',
      ],
    ],
    [
      'UPGRADE_INSTANCE of infrahub: every upgrade mode, in order',
      'UPGRADE_INSTANCE',
      INFRAHUB,
      [
        'Run the upgrade pre-hook',
        'Apply the StyrminDeployment resource',
        'Run the upgrade core-hook',
        ...OPERATOR_PHASES,
        'Run the upgrade post-hook',
      ],
    ],
    [
      'UPGRADE_INSTANCE of semaphore: its post-hook only',
      'UPGRADE_INSTANCE',
      SEMAPHORE,
      [
        'Apply the StyrminDeployment resource',
        ...OPERATOR_PHASES,
        'Run the upgrade post-hook',
      ],
    ],
    [
      'UPDATE_INSTANCE: no hook',
      'UPDATE_INSTANCE',
      INFRAHUB,
      ['Apply the StyrminDeployment resource', ...OPERATOR_PHASES],
    ],
    [
      'DELETE',
      'DELETE',
      INFRAHUB,
      [
        'Delete the StyrminDeployment resource',
        'Uninstall the HelmRelease',
        'Remove the namespace',
      ],
    ],
  ] as const)('%s', (_case, flowName, driver, steps) => {
    expect(plannedSteps({ flowName, driver })).toEqual(steps);
  });

  it.each([
    ['CREATE_INSTANCE', INFRAHUB, ['verify-server']],
    [
      'UPGRADE_INSTANCE',
      INFRAHUB,
      ['stop-task-workers', 'run-migrations', 'start-task-workers'],
    ],
    [
      'UPGRADE_INSTANCE',
      // Declared in reverse: the plan follows the modes, not the declaration.
      {
        ...INFRAHUB,
        spec: {
          ...INFRAHUB.spec,
          actions: [...INFRAHUB.spec.actions].reverse(),
        },
      },
      ['stop-task-workers', 'run-migrations', 'start-task-workers'],
    ],
    ['UPDATE_INSTANCE', INFRAHUB, []],
    ['DELETE', INFRAHUB, []],
  ] as const)(
    'plans the actions of the hook that %s runs, in mode order',
    (flowName, driver, names) => {
      expect(plannedActions({ flowName, driver }).map(a => a.name)).toEqual(
        names,
      );
    },
  );

  it('pairs every flow with a task type', () => {
    expect(Object.keys(TASK_TYPE_OF_FLOW)).toEqual(FlowName.values);
  });
});
