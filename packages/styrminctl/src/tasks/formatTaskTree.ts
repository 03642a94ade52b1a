import { TaskTree } from '@styrmin/sdk';

/** What marks a step's status in the tree. */
const STATUS_MARK: Record<string, string> = {
  PENDING: '·',
  RUNNING: '…',
  SUCCEEDED: '✓',
  FAILED: '✗',
  SUPERSEDED: '↷',
};

/**
 * A task's step tree as text for people: the task with its result, each step with its
 * status and attempts, its lines, the error of each failed attempt with the end of its
 * output, the end of the output of a step that ran a command (a run_job task's Job), and
 * under a step the tasks it started, at any depth.
 *
 *     Task 3f2a… create_instance of dev/infrahub: FAILED (flow run FAILED, attempt 1 of 3)
 *     ✓ Apply the StyrminDeployment resource  SUCCEEDED  1 attempt
 *     ✓ Ensure the namespace  SUCCEEDED  1 attempt
 *         Namespace styrmin-4b1c… exists
 *     ✗ Run the setup post-hook  FAILED  1 attempt
 *         Deleted Job infrahub-job, which an earlier action left
 *         attempt 1: Job infrahub-job failed
 *           | the last lines
 *         → Task 9c1d… stop_components: SUCCEEDED (flow run SUCCEEDED, attempt 1 of 3)
 *           ✓ ...
 */
export function formatTaskTree(task: TaskTree): string {
  const lines: string[] = [];
  render(task, '', lines, true);
  return `${lines.join('\n')}\n`;
}

function render(
  task: TaskTree,
  indent: string,
  lines: string[],
  root: boolean,
): void {
  const { flowRun } = task;
  const deployment = root ? ` of ${subjectOf(task)}` : '';
  lines.push(
    `${indent}${root ? '' : '→ '}Task ${task.id} ${task.type}${deployment}: ${
      task.result
    } (flow run ${flowRun.state}, attempt ${flowRun.attempts} of ${
      flowRun.maxAttempts
    })`,
  );
  const stepIndent = root ? indent : `${indent}  `;
  for (const step of task.steps) {
    const attempts = `${step.attempts} attempt${
      step.attempts === 1 ? '' : 's'
    }`;
    const superseded = step.supersededBy
      ? ` by task ${step.supersededBy.id} (${step.supersededBy.type})`
      : '';
    lines.push(
      `${stepIndent}${STATUS_MARK[step.status] ?? '?'} ${step.name}  ${
        step.status
      }${superseded}  ${attempts}`,
    );
    for (const line of step.lines) {
      lines.push(`${stepIndent}    ${line}`);
    }
    for (const error of step.errors) {
      lines.push(
        `${stepIndent}    attempt ${error.attempt}: ${oneLine(error.message)}`,
      );
      lines.push(...outputLines(error.outputTail, `${stepIndent}      `));
    }
    if (step.outputTail) {
      lines.push(`${stepIndent}    output:`);
      lines.push(...outputLines(step.outputTail, `${stepIndent}      `));
    }
    for (const started of step.startedTasks) {
      render(started, `${stepIndent}    `, lines, false);
    }
  }
}

/** The end of a command's output, each line behind a bar. */
function outputLines(tail: string | null, indent: string): string[] {
  return tail
    ? tail
        .replace(/\n$/, '')
        .split('\n')
        .map(line => `${indent}| ${line}`)
    : [];
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ⏎ ');
}

/** What a task acts on: its deployment, or for an environment task its environment. */
function subjectOf(task: TaskTree): string {
  return task.deployment
    ? `${task.deployment.environment.name}/${task.deployment.name}`
    : `environment ${task.environment.name}`;
}
