import { computeTaskResult } from '@styrmin/plugin-styrmin-common';
import { runJobOf } from '../../flows/flowRunParameters';
import { isoDateFields, notStored } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The fields of the `Task`, `FlowRun`, `Step` and `StepAttemptError` types. The task
 * result is computed on every read (`computeTaskResult`), never stored. Step errors and
 * output tails are readable with the deployment read permission: the agent protocol
 * redacted their secrets when it recorded them.
 *
 * @internal
 */
export function createTaskFields(): StyrminResolvers {
  return {
    Task: {
      ...isoDateFields('createdAt'),
      result: async (task, _args, context) => {
        const graph = await context.loaders.taskGraph.load(task.id);
        return graph ? computeTaskResult(graph) : notStored(`Task ${task.id}`);
      },
      flowRun: async (task, _args, context) =>
        (await context.loaders.flowRun.load(task.flowRunId)) ??
        notStored(`Flow run ${task.flowRunId}`),
      // What a run_job task ran is in its run's parameters, where the agent reads it.
      job: async (task, _args, context) => {
        if (task.type !== 'run_job') {
          return null;
        }
        const run =
          (await context.loaders.flowRun.load(task.flowRunId)) ??
          notStored(`Flow run ${task.flowRunId}`);
        return runJobOf(run);
      },
      // An environment task acts on its environment, and has no deployment.
      deployment: async (task, _args, context) =>
        task.deploymentId === null
          ? null
          : (await context.loaders.deployment.load(task.deploymentId)) ??
            notStored(`Deployment ${task.deploymentId}`),
      environment: async (task, _args, context) =>
        (await context.loaders.environment.load(task.environmentId)) ??
        notStored(`Environment ${task.environmentId}`),
    },
    FlowRun: isoDateFields('createdAt'),
    Step: {
      ...isoDateFields('startedAt', 'endedAt'),
      startedTasks: async (step, _args, context) =>
        (await context.loaders.task.loadMany(step.startedTaskIds)).map(
          (task, index) =>
            task instanceof Error || !task
              ? notStored(`Task ${step.startedTaskIds[index]}`)
              : task,
        ),
      supersededBy: (step, _args, context) =>
        step.supersededByTaskId
          ? context.loaders.task.load(step.supersededByTaskId)
          : null,
    },
    StepAttemptError: isoDateFields('occurredAt'),
  };
}
