import { Environment } from '../environments/EnvironmentStore';
import { Task } from '../tasks/TaskStore';

/**
 * What an environment operation (upgrade, restore, clone) started: its parent task, an
 * environment task whose linked tasks are the deployments' tasks, and the environment it
 * acts on (a clone's: the new one).
 *
 * @internal
 */
export type EnvironmentOperation = {
  task: Task;
  environment: Environment;
};
