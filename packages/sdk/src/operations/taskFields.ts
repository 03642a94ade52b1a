import { JsonObject } from '@styrmin/plugin-styrmin-common';
import {
  DeploymentObservedStateQuery,
  DeploymentTasksQuery,
  TaskDetailFieldsFragment,
} from './generated/operationTypes';
import { taskFragment } from './recordFields';
import { WithJsonFields } from './WithJsonFields';

/*
 * The types and fragments of tasks as users follow them: each step with the error of every
 * failed attempt and the tasks it started, and the observed state of a deployment.
 */

/**
 * A task with its deployment and its steps in detail.
 *
 * @public
 */
export type TaskDetail = TaskDetailFieldsFragment;

/**
 * Why a task was started, when its author did not start it directly: `message` for
 * people, `causedBy` the user who made the change, `record` the record it was made on.
 *
 * @public
 */
export type TaskCause = NonNullable<TaskDetail['cause']>;

/**
 * A task's cause in words for people, with who made the change: "redeployed because
 * dev/semaphore was created, by user:default/ada".
 *
 * @public
 */
export function taskCauseText(cause: TaskCause): string {
  return cause.causedBy
    ? `${cause.message}, by ${cause.causedBy}`
    : cause.message;
}

/**
 * What a run_job task ran: the component whose container it ran in, and the command.
 *
 * @public
 */
export type TaskJob = NonNullable<TaskDetail['job']>;

/**
 * A step with its errors and the tasks it started; with SUPERSEDED, `supersededBy` is the
 * task that interrupted it; with SUCCEEDED, `outputTail` is the end of the output of the
 * command it ran (a run_job task's Job), bounded and redacted as a failed attempt's;
 * `lines` say what its latest ended attempt did (at most 20 of at most 500 characters,
 * secrets redacted).
 *
 * @public
 */
export type TaskStep = TaskDetail['steps'][number];

/**
 * The error of one failed attempt of a step; secrets were redacted when it was recorded.
 * `attempt` counts the step's attempts from 1; `outputTail` is the end of the failed
 * command's output: the last 200 lines, at most 64 KiB.
 *
 * @public
 */
export type StepAttemptError = TaskStep['errors'][number];

/**
 * A task in brief: what a step lists of the tasks it started.
 *
 * @public
 */
export type TaskSummary = TaskStep['startedTasks'][number];

/**
 * A task with the tasks its steps started, at any depth, in full: the step tree that
 * `styrminctl tasks show` prints (the client reads it task by task).
 *
 * @public
 */
export interface TaskTree extends Omit<TaskDetail, 'steps'> {
  steps: Array<Omit<TaskStep, 'startedTasks'> & { startedTasks: TaskTree[] }>;
}

/**
 * A page of tasks, newest first.
 *
 * @public
 */
export type TaskPage = NonNullable<DeploymentTasksQuery['deployment']>['tasks'];

/**
 * A task in a list of tasks: with the deployment it acts on.
 *
 * @public
 */
export type TaskListEntry = TaskPage['nodes'][number];

type ObservedDeployment = NonNullable<
  DeploymentObservedStateQuery['deployment']
>;

/**
 * DeploymentStatus: the latest `.status` of a deployment's StyrminDeployment resource;
 * `ready` is its Ready condition, null when unknown.
 *
 * @public
 */
export type DeploymentStatus = WithJsonFields<
  NonNullable<ObservedDeployment['deploymentStatus']>,
  { status: JsonObject }
>;

/**
 * PodStatus: the observed state of one pod.
 *
 * @public
 */
export type PodStatus = ObservedDeployment['pods'][number];

/**
 * A component of a deployment: the replicas its active instance asks for beside the pods
 * that run. `desiredReplicas` is null when the chart's own count applies, and kept while
 * stopped, for when it starts; `stopped` says whether the operator keeps it at 0 pods.
 *
 * @public
 */
export type DeploymentComponent = ObservedDeployment['components'][number];

/**
 * A service of a deployment, with its address in the cluster.
 *
 * @public
 */
export type DeployedService = ObservedDeployment['services'][number];

/** The fields of a {@link TaskDetail}; spread with {@link taskFragment}. */
export const taskDetailFragment = /* GraphQL */ `
  fragment TaskDetailFields on Task {
    ...TaskFields
    cause {
      kind
      message
      causedBy
      record {
        type
        id
        name
      }
    }
    job {
      component
      command
      timeoutSeconds
    }
    deployment {
      id
      name
      state
      environment {
        id
        name
      }
    }
    environment {
      id
      name
    }
    steps {
      id
      outputTail
      lines
      errors {
        attempt
        message
        outputTail
        occurredAt
      }
      startedTasks {
        id
        type
        status
        result
      }
      supersededBy {
        id
        type
      }
    }
  }
  ${taskFragment}
`;

/** The fields of a {@link TaskPage}; spread with {@link taskFragment}. */
export const taskPageFields = /* GraphQL */ `
  nodes {
    ...TaskFields
    cause {
      kind
      message
      causedBy
      record {
        type
        id
        name
      }
    }
    deployment {
      id
      name
    }
  }
  pageInfo {
    endCursor
    hasNextPage
  }
`;
