import { LoggerService } from '@backstage/backend-plugin-api';
import { StyrminClient, TaskDetail, TaskStep } from '@styrmin/sdk';

/**
 * Options of {@link followTask}.
 */
export type FollowTaskOptions = {
  client: StyrminClient;
  logger: LoggerService;
  /** The task that applies the change. */
  taskId: string;
  pollIntervalMs: number;
  /** How long to follow before giving up (the task goes on in Styrmin). */
  timeoutMs: number;
  signal?: AbortSignal;
};

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('Aborted'));
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason ?? new Error('Aborted'));
    };
    timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error of a step's last failed attempt. */
function lastError(step: TaskStep) {
  return step.errors[step.errors.length - 1];
}

/**
 * One line per step that changed since the last read (`[2/5] Apply ...: RUNNING`), and a
 * failed attempt's error with the end of the failed command's output.
 */
function logStepChanges(
  logger: LoggerService,
  task: TaskDetail,
  seen: Map<string, string>,
) {
  const steps = [...task.steps].sort((a, b) => a.position - b.position);
  steps.forEach((step, index) => {
    const key = `${task.id}/${step.id}`;
    const state = `${step.status}/${step.attempts}/${step.errors.length}`;
    if (seen.get(key) === state) {
      return;
    }
    const first = !seen.has(key);
    seen.set(key, state);
    if (first && step.status === 'PENDING') {
      return;
    }
    const attempt = step.attempts > 1 ? ` (attempt ${step.attempts})` : '';
    const line = `[${index + 1}/${steps.length}] ${step.name}: ${
      step.status
    }${attempt}`;
    const error = lastError(step);
    if (step.status === 'FAILED' && error) {
      logger.error(`${line}: ${error.message}`);
      if (error.outputTail) {
        logger.error(`Output of the failed attempt:\n${error.outputTail}`);
      }
    } else if (step.status === 'FAILED') {
      logger.error(line);
    } else {
      logger.info(line);
    }
  });
}

/** The task that superseded this one, if one did. */
function supersedingTask(task: TaskDetail): string | undefined {
  return task.steps.find(step => step.supersededBy)?.supersededBy?.id;
}

/**
 * Follows a task until its result is no longer RUNNING, reading it through the task API
 * and writing each of its steps into the log as it starts and ends. A task that a newer
 * task of the same deployment SUPERSEDED hands over to that one, which is followed in turn:
 * what the user asked for is only done when the newer task is. Returns the last task
 * followed, with the deployment's state then.
 */
export async function followTask(
  options: FollowTaskOptions,
): Promise<TaskDetail> {
  const { client, logger, pollIntervalMs, timeoutMs, signal } = options;
  const deadline = Date.now() + timeoutMs;
  const seen = new Map<string, string>();
  let taskId = options.taskId;
  let announced: string | undefined;
  for (;;) {
    const task = await client.task(taskId);
    if (!task) {
      throw new Error(`The task ${taskId} is gone from Styrmin`);
    }
    if (announced !== task.id) {
      announced = task.id;
      logger.info(
        `Following the ${task.type} task ${task.id} (${task.steps.length} steps)`,
      );
    }
    logStepChanges(logger, task, seen);
    if (task.result === 'SUPERSEDED') {
      const next = supersedingTask(task);
      if (next && next !== taskId) {
        logger.info(
          `The task ${task.id} was superseded by the task ${next}; following it`,
        );
        taskId = next;
        continue;
      }
      return task;
    }
    if (task.result !== 'RUNNING') {
      return task;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `The ${task.type} task ${task.id} is still running after ${Math.round(
          timeoutMs / 60000,
        )} minutes; it goes on in Styrmin`,
      );
    }
    await sleep(pollIntervalMs, signal);
  }
}

/** Why a task ended without success, for the error that fails the template. */
export function describeTaskFailure(task: TaskDetail): string {
  const failed = task.steps.filter(step => step.status === 'FAILED');
  const where =
    failed.length > 0
      ? ` at ${failed.map(step => `"${step.name}"`).join(', ')}`
      : '';
  const reasons = failed
    .map(step => lastError(step)?.message)
    .filter((message): message is string => Boolean(message));
  return `The ${task.type} task ${task.id} ended ${
    task.result
  }${where} (flow run ${task.flowRun.state})${
    reasons.length > 0 ? `: ${reasons.join('; ')}` : ''
  }`;
}
