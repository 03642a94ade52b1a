import {
  DeploymentState,
  FlowRunState,
  JsonObject,
  TaskResult,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { PageInfo, Step, Task, taskFragment } from './recordFields';

/*
 * The types and fragments of tasks as users follow them: each step with the error of every
 * failed attempt and the tasks it started, and the observed state of a deployment.
 */

/**
 * The error of one failed attempt of a step; secrets were redacted when it was recorded.
 *
 * @public
 */
export interface StepAttemptError {
  /** The step's attempt, from 1. */
  attempt: number;
  message: string;
  /** The end of the failed command's output: the last 200 lines, at most 64 KiB. */
  outputTail: string | null;
  occurredAt: string;
}

/**
 * A task in brief: what a step lists of the tasks it started.
 *
 * @public
 */
export interface TaskSummary {
  id: string;
  type: TaskType;
  status: FlowRunState;
  result: TaskResult;
}

/**
 * A step with its errors and the tasks it started.
 *
 * @public
 */
export interface TaskStep extends Step {
  id: string;
  errors: StepAttemptError[];
  startedTasks: TaskSummary[];
  /** With SUPERSEDED: the task that interrupted it. */
  supersededBy: { id: string; type: TaskType } | null;
}

/**
 * A task with its deployment and its steps in detail.
 *
 * @public
 */
export interface TaskDetail extends Omit<Task, 'steps'> {
  deployment: {
    id: string;
    name: string;
    state: DeploymentState;
    environment: { id: string; name: string };
  };
  steps: TaskStep[];
}

/**
 * A task with the tasks its steps started, at any depth, in full: the step tree that
 * `styrminctl tasks show` prints.
 *
 * @public
 */
export interface TaskTree extends Omit<TaskDetail, 'steps'> {
  steps: Array<Omit<TaskStep, 'startedTasks'> & { startedTasks: TaskTree[] }>;
}

/**
 * A task in a list of tasks: with the deployment it acts on.
 *
 * @public
 */
export interface TaskListEntry extends Task {
  deployment: { id: string; name: string };
}

/**
 * A page of tasks, newest first.
 *
 * @public
 */
export interface TaskPage {
  nodes: TaskListEntry[];
  pageInfo: PageInfo;
}

/**
 * DeploymentStatus: the latest `.status` of a deployment's StyrminDeployment resource.
 *
 * @public
 */
export interface DeploymentStatus {
  status: JsonObject;
  /** The Ready condition: null when unknown. */
  ready: boolean | null;
  reason: string | null;
  message: string | null;
  observedAt: string;
  updatedAt: string;
}

/**
 * PodStatus: the observed state of one pod.
 *
 * @public
 */
export interface PodStatus {
  name: string;
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  ready: boolean;
  restarts: number;
  startedAt: string | null;
  component: string | null;
  reason: string | null;
  observedAt: string;
}

/**
 * A component of a deployment: the replicas its active instance asks for beside the pods
 * that run.
 *
 * @public
 */
export interface DeploymentComponent {
  name: string;
  /** Null when the chart's own count applies; kept while stopped, for when it starts. */
  desiredReplicas: number | null;
  pods: number;
  readyReplicas: number;
  singleton: boolean;
  /** Whether the operator keeps it at 0 pods (stopped components). */
  stopped: boolean;
}

/**
 * A service of a deployment, with its address in the cluster.
 *
 * @public
 */
export interface DeployedService {
  name: string;
  component: string;
  host: string;
  port: number;
  url: string;
  protocol: string;
  type: string;
}

/** The fields of a {@link TaskDetail}; spread with {@link taskFragment}. */
export const taskDetailFragment = /* GraphQL */ `
  fragment TaskDetailFields on Task {
    ...TaskFields
    deployment {
      id
      name
      state
      environment {
        id
        name
      }
    }
    steps {
      id
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
