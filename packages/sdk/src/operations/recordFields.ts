import {
  ClusterSettings,
  DeploymentConfiguration,
  DeploymentState,
  EnvironmentOverrides,
  FlowName,
  FlowRunState,
  GlobalContext,
  JsonValue,
  StepStatus,
  TaskResult,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import {
  DRIVER_ACTION_FIELDS,
  DriverVersionAction,
} from './driverVersionFields';

/*
 * The types of the core records as the API returns them, and the fragments that select
 * them, so that every operation that reads one returns the same fields.
 */

/**
 * Who made a record and who changed it last, when, and the version that changes name.
 *
 * @public
 */
export interface RecordStamps {
  /** 1 when created, one more with each change: what `expectedVersion` names. */
  version: number;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
}

/**
 * A registered Kubernetes cluster. Its agent token is never part of it.
 *
 * @public
 */
export interface Cluster extends RecordStamps {
  id: string;
  name: string;
  settings: ClusterSettings;
  /** `cluster:<id>`: the work pool its agent claims. */
  workPool: string;
  agentTokenRotatedAt: string;
  agentLastSeenAt: string | null;
  /** The longest time between two recorded calls of a live agent, in seconds. */
  agentHeartbeatSeconds: number;
}

/**
 * A cluster with its agent token, in clear, as registration and rotation return it once.
 *
 * @public
 */
export interface ClusterWithAgentToken {
  cluster: Cluster;
  agentToken: string;
}

/**
 * An environment: a deployment target in one cluster.
 *
 * @public
 */
export interface Environment extends RecordStamps {
  id: string;
  name: string;
  cluster: { id: string; name: string };
  overrides: EnvironmentOverrides;
  backupStorageLocation: string | null;
  deletedAt: string | null;
}

/**
 * One value of the context that an instance adds, removes or changes. Secret values read
 * `<secret>`.
 *
 * @public
 */
export interface ContextChange {
  path: string;
  kind: 'ADDED' | 'REMOVED' | 'CHANGED';
  before: JsonValue | null;
  after: JsonValue | null;
  secret: boolean;
}

/**
 * A step of a task.
 *
 * @public
 */
export interface Step {
  name: string;
  position: number;
  status: StepStatus;
  attempts: number;
  startedAt: string | null;
  endedAt: string | null;
}

/**
 * A task: one asynchronous operation on a deployment, with its flow run.
 *
 * @public
 */
export interface Task {
  id: string;
  type: TaskType;
  /** Its flow run's state. */
  status: FlowRunState;
  /** Computed by the server on every read. */
  result: TaskResult;
  createdBy: string;
  createdAt: string;
  flowRun: {
    id: string;
    pool: string;
    flowName: FlowName;
    state: FlowRunState;
    attempts: number;
    maxAttempts: number;
    createdAt: string;
  };
  steps: Step[];
}

/**
 * An instance: what was generated for a deployment at one change.
 *
 * @public
 */
export interface Instance {
  id: string;
  number: number;
  active: boolean;
  createdBy: string;
  createdAt: string;
  driverVersion: { name: string; version: string };
  /** The context, the values at its secret paths masked. */
  context: GlobalContext;
  /** The reconciliation diff to the instance that was active before it. */
  diff: ContextChange[];
  task: Task | null;
}

/**
 * A deployment: what should run of one application in one environment.
 *
 * @public
 */
export interface Deployment extends RecordStamps {
  id: string;
  name: string;
  environment: { id: string; name: string };
  driverVersion: { name: string; version: string };
  appVersion: string;
  /** What the user set; secret values read `<secret>`, never to be sent back. */
  configuration: DeploymentConfiguration;
  state: DeploymentState;
  stateReason: string | null;
  deletedAt: string | null;
  activeInstance: { id: string; number: number; createdAt: string } | null;
}

/**
 * A deployment that a change redeploys, or in a preview would.
 *
 * @public
 */
export interface Redeployment {
  deployment: {
    id: string;
    name: string;
    state: DeploymentState;
    environment: { name: string };
  };
  flow: FlowName;
  diff: ContextChange[];
  /** Null in a preview. */
  task: { id: string; type: TaskType; status: FlowRunState } | null;
}

/**
 * What a change of a deployment did, or in a dry run would do.
 *
 * @public
 */
export interface DeploymentChangeResult {
  /** The deployment after the change; in a dry run, as the change would leave it. */
  deployment: Deployment;
  /** False when the new instance equals the active one: nothing was (would be) stored. */
  changed: boolean;
  /** Null when nothing changed, and in a dry run. */
  instance: Instance | null;
  /** Null when nothing changed, and in a dry run. */
  task: Task | null;
  diff: ContextChange[];
  /** The steps of the task that applies the change, in the order they run. */
  plannedSteps: string[];
  /** The driver actions that task runs, in the order of their modes, with their prompts. */
  plannedActions: DriverVersionAction[];
  /** Retired parameters that an upgrade dropped. */
  droppedParameters: string[];
  /** The other deployments of the environment that the change redeploys. */
  siblings: Redeployment[];
}

/**
 * Where a page ends, and whether another follows.
 *
 * @public
 */
export interface PageInfo {
  endCursor: string | null;
  hasNextPage: boolean;
}

const STAMPS = /* GraphQL */ `
  version
  createdBy
  createdAt
  updatedBy
  updatedAt
`;

/** The fields of a {@link Cluster}. */
export const clusterFragment = /* GraphQL */ `
  fragment ClusterFields on Cluster {
    id
    name
    settings
    workPool
    agentTokenRotatedAt
    agentLastSeenAt
    agentHeartbeatSeconds
    ${STAMPS}
  }
`;

/** The fields of an {@link Environment}. */
export const environmentFragment = /* GraphQL */ `
  fragment EnvironmentFields on Environment {
    id
    name
    cluster {
      id
      name
    }
    overrides
    backupStorageLocation
    deletedAt
    ${STAMPS}
  }
`;

const CONTEXT_CHANGE = /* GraphQL */ `
  path
  kind
  before
  after
  secret
`;

/** The fields of a {@link Task}. */
export const taskFragment = /* GraphQL */ `
  fragment TaskFields on Task {
    id
    type
    status
    result
    createdBy
    createdAt
    flowRun {
      id
      pool
      flowName
      state
      attempts
      maxAttempts
      createdAt
    }
    steps {
      name
      position
      status
      attempts
      startedAt
      endedAt
    }
  }
`;

/** The fields of an {@link Instance}; spread with {@link taskFragment}. */
export const instanceFragment = /* GraphQL */ `
  fragment InstanceFields on Instance {
    id
    number
    active
    createdBy
    createdAt
    driverVersion {
      name
      version
    }
    context
    diff {
      ${CONTEXT_CHANGE}
    }
    task {
      ...TaskFields
    }
  }
`;

/** The fields of a {@link Deployment}. */
export const deploymentFragment = /* GraphQL */ `
  fragment DeploymentFields on Deployment {
    id
    name
    environment {
      id
      name
    }
    driverVersion {
      name
      version
    }
    appVersion
    configuration
    state
    stateReason
    deletedAt
    activeInstance {
      id
      number
      createdAt
    }
    ${STAMPS}
  }
`;

/** The fields of a {@link Redeployment}. */
export const redeploymentFragment = /* GraphQL */ `
  fragment RedeploymentFields on Redeployment {
    deployment {
      id
      name
      state
      environment {
        name
      }
    }
    flow
    diff {
      ${CONTEXT_CHANGE}
    }
    task {
      id
      type
      status
    }
  }
`;

/** The fields of a {@link DeploymentChangeResult}, with every fragment it spreads. */
export const deploymentChangeFragment = /* GraphQL */ `
  fragment DeploymentChangeFields on DeploymentChangeResult {
    changed
    droppedParameters
    deployment {
      ...DeploymentFields
    }
    instance {
      ...InstanceFields
    }
    task {
      ...TaskFields
    }
    diff {
      ${CONTEXT_CHANGE}
    }
    plannedSteps
    plannedActions {
      ${DRIVER_ACTION_FIELDS}
    }
    siblings {
      ...RedeploymentFields
    }
  }
  ${deploymentFragment}
  ${instanceFragment}
  ${taskFragment}
  ${redeploymentFragment}
`;
