import { StepStatus } from '../domain/StepStatus';
import { TaskResult } from '../domain/TaskResult';
import { computeTaskResult } from './computeTaskResult';
import { FlowRunState } from './FlowRunState';
import { TaskGraphStep, TaskGraphTask } from './TaskGraph';

/** A step: its status, and what it started or who superseded it. */
function step(
  status: StepStatus,
  options: { started?: string[]; supersededBy?: string } = {},
): TaskGraphStep {
  return {
    status,
    startedTaskIds: options.started ?? [],
    ...(options.supersededBy && { supersededByTaskId: options.supersededBy }),
  };
}

function task(
  id: string,
  status: FlowRunState,
  steps: Array<StepStatus | TaskGraphStep> = [],
): TaskGraphTask {
  return {
    id,
    status,
    steps: steps.map(s => (typeof s === 'string' ? step(s) : s)),
  };
}

/** The result of `root` in a graph of these tasks. */
function resultOf(...tasks: TaskGraphTask[]): TaskResult {
  return computeTaskResult({ taskId: 'root', tasks });
}

describe('computeTaskResult', () => {
  describe('rule 1: RUNNING', () => {
    it.each<[string, TaskGraphTask[]]>([
      ['the flow is scheduled', [task('root', 'SCHEDULED', ['PENDING'])]],
      [
        'the flow runs',
        [task('root', 'RUNNING', ['SUCCEEDED', 'RUNNING', 'PENDING'])],
      ],
      [
        'a flow scheduled again after an expired lease, behind a failed attempt',
        [task('root', 'SCHEDULED', ['SUCCEEDED', 'FAILED', 'PENDING'])],
      ],
      [
        'a step runs though the flow ended',
        [task('root', 'SUCCEEDED', ['SUCCEEDED', 'RUNNING'])],
      ],
      [
        'a step has not started though the flow ended',
        [task('root', 'SUCCEEDED', ['SUCCEEDED', 'PENDING'])],
      ],
      [
        'a step that has not started comes before the failed step, not behind it',
        [task('root', 'FAILED', ['PENDING', 'FAILED'])],
      ],
      [
        'a step runs behind a failed step: only steps that have not started wait',
        [task('root', 'FAILED', ['FAILED', 'RUNNING'])],
      ],
      [
        "a linked task's step has not started; the failed step is in another task",
        [
          task('root', 'FAILED', [
            step('FAILED', { started: ['a'] }),
            'PENDING',
          ]),
          task('a', 'FAILED', ['PENDING']),
        ],
      ],
      [
        'the flow of a linked task runs',
        [
          task('root', 'SUCCEEDED', [step('SUCCEEDED', { started: ['a'] })]),
          task('a', 'RUNNING', ['RUNNING']),
        ],
      ],
    ])('when %s', (_case, tasks) => {
      expect(resultOf(...tasks)).toBe('RUNNING');
    });
  });

  describe('rule 2: FAILED', () => {
    it.each<[string, TaskGraphTask[]]>([
      [
        'a step failed and the steps behind it wait',
        [task('root', 'FAILED', ['SUCCEEDED', 'FAILED', 'PENDING', 'PENDING'])],
      ],
      [
        'the flow crashed after its running step was failed',
        [task('root', 'CRASHED', ['SUCCEEDED', 'FAILED', 'PENDING'])],
      ],
      [
        'the flow failed before any step failed',
        [task('root', 'FAILED', ['SUCCEEDED', 'SUCCEEDED'])],
      ],
      [
        'a step failed though the flow succeeded',
        [task('root', 'SUCCEEDED', ['FAILED', 'SUCCEEDED'])],
      ],
      [
        'a linked task failed',
        [
          task('root', 'SUCCEEDED', [step('SUCCEEDED', { started: ['a'] })]),
          task('a', 'FAILED', ['FAILED']),
        ],
      ],
      [
        'the flow of a linked task crashed',
        [
          task('root', 'SUCCEEDED', [
            step('SUCCEEDED', { started: ['a', 'b'] }),
          ]),
          task('a', 'SUCCEEDED', ['SUCCEEDED']),
          task('b', 'CRASHED'),
        ],
      ],
    ])('when %s', (_case, tasks) => {
      expect(resultOf(...tasks)).toBe('FAILED');
    });
  });

  describe('rule 3: SUPERSEDED', () => {
    it.each<[string, TaskGraphTask[]]>([
      [
        'a task outside interrupted the operator phases',
        [
          task('root', 'SUCCEEDED', [
            'SUCCEEDED',
            step('SUPERSEDED', { supersededBy: 'newer' }),
            step('SUPERSEDED', { supersededBy: 'newer' }),
          ]),
        ],
      ],
      [
        'the superseding task is not recorded',
        [task('root', 'SUCCEEDED', ['SUCCEEDED', 'SUPERSEDED'])],
      ],
      [
        'a task outside interrupted a linked task',
        [
          task('root', 'SUCCEEDED', [step('SUCCEEDED', { started: ['a'] })]),
          task('a', 'SUCCEEDED', [
            step('SUPERSEDED', { supersededBy: 'newer' }),
          ]),
          task('newer', 'RUNNING', ['RUNNING']),
        ],
      ],
    ])('when %s', (_case, tasks) => {
      expect(resultOf(...tasks)).toBe('SUPERSEDED');
    });
  });

  describe('rule 4: SUCCEEDED', () => {
    it.each<[string, TaskGraphTask[]]>([
      [
        'every step succeeded',
        [task('root', 'SUCCEEDED', ['SUCCEEDED', 'SUCCEEDED'])],
      ],
      [
        'a task inside the tree superseded a step: the tree interrupted itself',
        [
          task('root', 'SUCCEEDED', [
            step('SUCCEEDED', { started: ['a'] }),
            step('SUPERSEDED', { supersededBy: 'a' }),
          ]),
          task('a', 'SUCCEEDED', ['SUCCEEDED']),
        ],
      ],
      [
        'an unlinked task in the graph runs, fails or supersedes',
        [
          task('root', 'SUCCEEDED', ['SUCCEEDED']),
          task('parent', 'FAILED', [
            step('RUNNING', { started: ['root'] }),
            step('SUPERSEDED', { supersededBy: 'other' }),
          ]),
        ],
      ],
    ])('when %s', (_case, tasks) => {
      expect(resultOf(...tasks)).toBe('SUCCEEDED');
    });
  });

  describe('the order of the rules: the first that matches applies', () => {
    const supersededFromOutside = step('SUPERSEDED', { supersededBy: 'newer' });

    it.each<[string, TaskGraphTask[], TaskResult]>([
      [
        'RUNNING before FAILED: a linked task runs while its parent failed',
        [
          task('root', 'FAILED', [step('FAILED', { started: ['a'] })]),
          task('a', 'RUNNING', ['RUNNING']),
        ],
        'RUNNING',
      ],
      [
        'RUNNING before FAILED: one linked task crashed, another is scheduled',
        [
          task('root', 'SUCCEEDED', [
            step('SUCCEEDED', { started: ['a', 'b'] }),
          ]),
          task('a', 'CRASHED', ['FAILED']),
          task('b', 'SCHEDULED', ['PENDING']),
        ],
        'RUNNING',
      ],
      [
        'RUNNING before SUPERSEDED',
        [
          task('root', 'SUCCEEDED', [
            step('SUCCEEDED', { started: ['a'] }),
            supersededFromOutside,
          ]),
          task('a', 'SCHEDULED', ['PENDING']),
        ],
        'RUNNING',
      ],
      [
        'FAILED before SUPERSEDED',
        [
          task('root', 'SUCCEEDED', [
            step('SUCCEEDED', { started: ['a'] }),
            supersededFromOutside,
          ]),
          task('a', 'FAILED', ['FAILED', 'PENDING']),
        ],
        'FAILED',
      ],
      [
        'SUPERSEDED before SUCCEEDED',
        [task('root', 'SUCCEEDED', ['SUCCEEDED', supersededFromOutside])],
        'SUPERSEDED',
      ],
    ])('%s', (_case, tasks, expected) => {
      expect(resultOf(...tasks)).toBe(expected);
    });
  });

  describe('a task without steps takes its result from its status', () => {
    const resultOfStatus: Record<FlowRunState, TaskResult> = {
      SCHEDULED: 'RUNNING',
      RUNNING: 'RUNNING',
      SUCCEEDED: 'SUCCEEDED',
      FAILED: 'FAILED',
      CRASHED: 'FAILED',
    };

    it.each(FlowRunState.values)('%s', status => {
      expect(resultOf(task('root', status))).toBe(resultOfStatus[status]);
    });
  });

  describe('linked tasks at any depth', () => {
    /** root → a → b → c: c is three links below root. */
    function chain(c: TaskGraphTask): TaskGraphTask[] {
      return [
        task('root', 'SUCCEEDED', [
          step('SUCCEEDED', { started: ['a'] }),
          'SUCCEEDED',
        ]),
        task('a', 'SUCCEEDED', [step('SUCCEEDED', { started: ['b'] })]),
        task('b', 'SUCCEEDED', [
          'SUCCEEDED',
          step('SUCCEEDED', { started: ['c'] }),
        ]),
        c,
      ];
    }

    it.each<[string, TaskGraphTask, TaskResult]>([
      ['runs', task('c', 'RUNNING', ['SUCCEEDED', 'RUNNING']), 'RUNNING'],
      [
        'has a step that has not started',
        task('c', 'SUCCEEDED', ['PENDING']),
        'RUNNING',
      ],
      [
        'failed',
        task('c', 'FAILED', ['SUCCEEDED', 'FAILED', 'PENDING']),
        'FAILED',
      ],
      ['crashed without steps', task('c', 'CRASHED'), 'FAILED'],
      [
        'was interrupted from outside',
        task('c', 'SUCCEEDED', [step('SUPERSEDED', { supersededBy: 'newer' })]),
        'SUPERSEDED',
      ],
      [
        'was interrupted by the root of the tree',
        task('c', 'SUCCEEDED', [step('SUPERSEDED', { supersededBy: 'root' })]),
        'SUCCEEDED',
      ],
      ['succeeded', task('c', 'SUCCEEDED', ['SUCCEEDED']), 'SUCCEEDED'],
    ])('decides when the task three links down %s', (_case, c, expected) => {
      expect(resultOf(...chain(c))).toBe(expected);
    });

    it('covers only the tasks below the one asked about', () => {
      const tasks = chain(task('c', 'SUCCEEDED', ['SUCCEEDED']));
      tasks[0] = task('root', 'RUNNING', [step('RUNNING', { started: ['a'] })]);

      expect(computeTaskResult({ taskId: 'b', tasks })).toBe('SUCCEEDED');
      expect(computeTaskResult({ taskId: 'root', tasks })).toBe('RUNNING');
    });

    it('counts each task once when the records link in a cycle', () => {
      const tasks = [
        task('root', 'SUCCEEDED', [step('SUCCEEDED', { started: ['a'] })]),
        task('a', 'SUCCEEDED', [step('SUCCEEDED', { started: ['root', 'a'] })]),
      ];

      expect(computeTaskResult({ taskId: 'root', tasks })).toBe('SUCCEEDED');
      tasks[1] = task('a', 'FAILED', [step('FAILED', { started: ['root'] })]);
      expect(computeTaskResult({ taskId: 'root', tasks })).toBe('FAILED');
    });

    it('refuses a graph that lacks a linked task', () => {
      expect(() =>
        resultOf(
          task('root', 'SUCCEEDED', [step('SUCCEEDED', { started: ['a'] })]),
          task('a', 'SUCCEEDED', [step('SUCCEEDED', { started: ['gone'] })]),
        ),
      ).toThrow(
        'Task a started task gone, which is missing from the task graph',
      );
      expect(() => resultOf(task('other', 'SUCCEEDED'))).toThrow(
        'Task root is missing from its own task graph',
      );
    });
  });
});
