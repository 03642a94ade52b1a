import { FlowName, TASK_TYPE_OF_FLOW } from '@styrmin/plugin-styrmin-common';
import { JsonObject } from '@backstage/types';
import { Knex } from 'knex';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { FlowRun, FlowRunPool } from '../flows/FlowRunStore';
import { Task, TaskStore } from './TaskStore';

/**
 * Records a task that acts on a deployment's workload without a new instance: its flow run
 * in the cluster's work pool, with what the flow needs in its parameters besides the
 * deployment, and the task with its planned steps, in the caller's transaction.
 *
 * @internal
 */
export async function dispatchDeploymentTask(
  deps: { broker: FlowRunBroker; tasks: TaskStore },
  options: {
    tx: Knex.Transaction;
    pool: FlowRunPool;
    deploymentId: string;
    flowName: FlowName;
    parameters: JsonObject;
    stepNames: string[];
    createdBy: string;
    /** For a task that an action primitive starts: the key of that call. */
    startKey?: string;
  },
): Promise<{ task: Task; flowRun: FlowRun }> {
  const { tx, pool, deploymentId, flowName, stepNames, createdBy, startKey } =
    options;
  const flowRun = await deps.broker.dispatch({
    tx,
    pool,
    flowName,
    parameters: { ...options.parameters, deploymentId },
  });
  const task = await deps.tasks.createTask({
    tx,
    type: TASK_TYPE_OF_FLOW[flowName],
    deploymentId,
    flowRunId: flowRun.id,
    createdBy,
    stepNames,
    startKey,
  });
  return { task, flowRun };
}
