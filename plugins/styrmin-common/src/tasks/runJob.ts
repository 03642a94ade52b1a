import { StyrminError } from '../errors/StyrminError';

/**
 * The one step of RUN_JOB: the command runs in the deployment's action Job
 * (execute_commands), in the component container's image and environment.
 *
 * @public
 */
export const RUN_JOB_STEP = 'Run the job';

/**
 * The most arguments a job's command may have, the program included.
 *
 * @public
 */
export const RUN_JOB_MAX_ARGS = 64;

/**
 * The most bytes (UTF-8) a job's command may have, all arguments together: 16 KiB.
 *
 * @public
 */
export const RUN_JOB_MAX_COMMAND_BYTES = 16 * 1024;

/**
 * How long a job may run when the caller does not say, in seconds.
 *
 * @public
 */
export const RUN_JOB_DEFAULT_TIMEOUT_SECONDS = 600;

/**
 * The longest a job may run, in seconds.
 *
 * @public
 */
export const RUN_JOB_MAX_TIMEOUT_SECONDS = 3600;

/**
 * What a RUN_JOB flow run carries in its parameters (besides `deploymentId`) and the agent
 * runs: a command (a program and its arguments, not a shell line) in a Job of the
 * component's container.
 *
 * @public
 */
export interface RunJobRequest {
  component: string;
  command: string[];
  timeoutSeconds: number;
}

/**
 * A job's command and timeout as a run_job task records them, or VALIDATION_FAILED naming
 * the field at fault: the command has a program (a non-empty first argument), at most
 * {@link RUN_JOB_MAX_ARGS} arguments of at most {@link RUN_JOB_MAX_COMMAND_BYTES} together
 * and no NUL character (no process argument can hold one); the timeout is a whole number
 * of seconds from 1 to {@link RUN_JOB_MAX_TIMEOUT_SECONDS},
 * {@link RUN_JOB_DEFAULT_TIMEOUT_SECONDS} when absent. Whether the component exists is the
 * driver version's to say.
 *
 * @public
 */
export function validateRunJob(options: {
  component: string;
  command: readonly string[];
  timeoutSeconds?: number;
}): RunJobRequest {
  const { component, command } = options;
  const refuse = (field: string, message: string): never => {
    throw new StyrminError('VALIDATION_FAILED', message, { field });
  };
  if (command.length === 0 || command[0] === '') {
    refuse('command', 'Name the program to run: the command is empty');
  }
  if (command.length > RUN_JOB_MAX_ARGS) {
    refuse(
      'command',
      `The command has ${command.length} arguments; at most ${RUN_JOB_MAX_ARGS} are allowed`,
    );
  }
  const encoder = new TextEncoder();
  const bytes = command.reduce(
    (sum, argument) => sum + encoder.encode(argument).length,
    0,
  );
  if (bytes > RUN_JOB_MAX_COMMAND_BYTES) {
    refuse(
      'command',
      `The command has ${bytes} bytes; at most ${RUN_JOB_MAX_COMMAND_BYTES} are allowed`,
    );
  }
  const withNul = command.findIndex(argument => argument.includes('\0'));
  if (withNul >= 0) {
    refuse(
      'command',
      `Argument ${withNul + 1} of the command holds a NUL character`,
    );
  }
  const timeoutSeconds =
    options.timeoutSeconds ?? RUN_JOB_DEFAULT_TIMEOUT_SECONDS;
  if (
    !Number.isInteger(timeoutSeconds) ||
    timeoutSeconds < 1 ||
    timeoutSeconds > RUN_JOB_MAX_TIMEOUT_SECONDS
  ) {
    refuse(
      'timeoutSeconds',
      `The timeout must be a whole number of seconds from 1 to ${RUN_JOB_MAX_TIMEOUT_SECONDS}; got ${timeoutSeconds}`,
    );
  }
  return { component, command: [...command], timeoutSeconds };
}
