import { Task } from './TaskStore';

/**
 * The deployment of a task that runs on a cluster's pool: every task but an environment
 * task, whose flow runs in the server's pool and never reaches an agent. Throws for an
 * environment task, which such code must never see.
 *
 * @internal
 */
export function deploymentIdOf(
  task: Pick<Task, 'id' | 'deploymentId'>,
): string {
  if (task.deploymentId === null) {
    throw new Error(
      `Task ${task.id} is an environment task: it has no deployment`,
    );
  }
  return task.deploymentId;
}
