import { StyrminClient, TaskTree } from '@styrmin/sdk';

/** How often `--wait` asks for the task by default. */
export const DEFAULT_WAIT_INTERVAL_MS = 2000;

/**
 * Follows a task until its result is final (not RUNNING): asks for its tree every
 * `intervalMs`, and calls `progress` with a line for each step that changed since the
 * last look. Gives up with an error after `timeoutMs`, when one is given.
 */
export async function waitForTask(options: {
  client: StyrminClient;
  taskId: string;
  intervalMs?: number;
  timeoutMs?: number;
  progress: (line: string) => void;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
}): Promise<TaskTree> {
  const {
    client,
    taskId,
    intervalMs = DEFAULT_WAIT_INTERVAL_MS,
    timeoutMs,
    progress,
    sleep = ms => new Promise(resolve => setTimeout(resolve, ms)),
  } = options;
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const seen = new Map<string, string>();
  for (;;) {
    const tree = await client.taskTree(taskId);
    if (!tree) {
      throw new Error(`Task ${taskId} does not exist`);
    }
    for (const line of changedSteps(tree, seen)) {
      progress(line);
    }
    if (tree.result !== 'RUNNING') {
      return tree;
    }
    if (deadline !== undefined && Date.now() >= deadline) {
      throw new Error(
        `Task ${taskId} is still RUNNING after ${Math.round(
          timeoutMs! / 1000,
        )} s; follow it with styrminctl tasks show ${taskId}`,
      );
    }
    await sleep(intervalMs);
  }
}

/** A line for each step of the tree whose status or attempts changed. */
function changedSteps(tree: TaskTree, seen: Map<string, string>): string[] {
  const lines: string[] = [];
  const visit = (task: TaskTree) => {
    for (const step of task.steps) {
      const state = `${step.status} ${step.attempts}`;
      if (
        seen.get(step.id) !== state &&
        !(step.status === 'PENDING' && !seen.has(step.id))
      ) {
        const error = step.status === 'FAILED' ? step.errors.at(-1) : undefined;
        lines.push(
          `${task.type}: ${step.name}: ${step.status}${
            step.attempts > 1 ? ` (attempt ${step.attempts})` : ''
          }${error ? `: ${error.message}` : ''}`,
        );
      }
      seen.set(step.id, state);
      step.startedTasks.forEach(visit);
    }
  };
  visit(tree);
  return lines;
}
