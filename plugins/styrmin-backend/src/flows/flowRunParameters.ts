import { RunJobRequest } from '@styrmin/plugin-styrmin-common';
import { FlowRun } from './FlowRunStore';

/**
 * The job a RUN_JOB run's parameters hold, as runJob validated and stored it: what its
 * task ran.
 *
 * @internal
 */
export function runJobOf(run: FlowRun): RunJobRequest {
  const { component, command, timeoutSeconds } = run.parameters;
  if (
    typeof component !== 'string' ||
    !Array.isArray(command) ||
    !command.every(argument => typeof argument === 'string') ||
    typeof timeoutSeconds !== 'number'
  ) {
    throw new Error(`Flow run ${run.id} does not name its job`);
  }
  return { component, command: command as string[], timeoutSeconds };
}

/**
 * The components a STOP_COMPONENTS or START_COMPONENTS run names in its parameters.
 *
 * @internal
 */
export function componentsOf(run: FlowRun): string[] {
  const value = run.parameters.components;
  return Array.isArray(value)
    ? value.filter((c): c is string => typeof c === 'string')
    : [];
}
