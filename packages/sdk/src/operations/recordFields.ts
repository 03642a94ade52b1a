import {
  ClusterSettings,
  DeploymentConfiguration,
  EnvironmentOverrides,
  GlobalContext,
  JsonValue,
} from '@styrmin/plugin-styrmin-common';
import {
  DRIVER_ACTION_FIELDS,
  DriverVersionAction,
} from './driverVersionFields';

import {
  ClusterFieldsFragment,
  DeploymentChangeFieldsFragment,
  DeploymentFieldsFragment,
  DeploymentsQuery,
  EnvironmentFieldsFragment,
  InstanceFieldsFragment,
  RedeploymentFieldsFragment,
  RegisterClusterMutation,
  TaskFieldsFragment,
} from './generated/operationTypes';
import { WithJsonFields } from './WithJsonFields';

/*
 * The types of the core records as the API returns them (generated from the fragments
 * below), and the fragments that select them, so that every operation that reads one
 * returns the same fields.
 */

/**
 * Who made a record and who changed it last, when, and the version that changes name
 * (`version`: 1 when created, one more with each change: what `expectedVersion` names).
 *
 * @public
 */
export type RecordStamps = Pick<
  ClusterFieldsFragment,
  'version' | 'createdBy' | 'createdAt' | 'updatedBy' | 'updatedAt'
>;

/**
 * A registered Kubernetes cluster. Its agent token is never part of it. `workPool`
 * (`cluster:<id>`) is the work pool its agent claims; `agentHeartbeatSeconds` the longest
 * time between two recorded calls of a live agent.
 *
 * @public
 */
export type Cluster = WithJsonFields<
  ClusterFieldsFragment,
  { settings: ClusterSettings }
>;

/**
 * A cluster with its agent token, in clear, as registration and rotation return it once.
 *
 * @public
 */
export type ClusterWithAgentToken = WithJsonFields<
  RegisterClusterMutation['registerCluster'],
  { cluster: Cluster }
>;

/**
 * An environment: a deployment target in one cluster.
 *
 * @public
 */
export type Environment = WithJsonFields<
  EnvironmentFieldsFragment,
  { overrides: EnvironmentOverrides }
>;

/**
 * One value of the context that an instance adds, removes or changes. Secret values read
 * `<secret>`.
 *
 * @public
 */
export type ContextChange = WithJsonFields<
  InstanceFieldsFragment['diff'][number],
  { before: JsonValue | null; after: JsonValue | null }
>;

/**
 * A step of a task.
 *
 * @public
 */
export type Step = TaskFieldsFragment['steps'][number];

/**
 * A task: one asynchronous operation on a deployment, with its flow run. Its `status` is
 * its flow run's state; its `result` is computed by the server on every read.
 *
 * @public
 */
export type Task = TaskFieldsFragment;

/**
 * An instance: what was generated for a deployment at one change: its context (the
 * values at its secret paths masked) and the reconciliation diff to the instance that
 * was active before it.
 *
 * @public
 */
export type Instance = WithJsonFields<
  InstanceFieldsFragment,
  { context: GlobalContext; diff: ContextChange[] }
>;

/**
 * A deployment: what should run of one application in one environment. Its
 * configuration is what the user set; secret values read `<secret>`, never to be sent
 * back.
 *
 * @public
 */
export type Deployment = WithJsonFields<
  DeploymentFieldsFragment,
  { configuration: DeploymentConfiguration }
>;

/**
 * A deployment that a change redeploys, or in a preview would (its task null).
 *
 * @public
 */
export type Redeployment = WithJsonFields<
  RedeploymentFieldsFragment,
  { diff: ContextChange[] }
>;

/**
 * What a change of a deployment did, or in a dry run would do: the deployment after the
 * change; `changed` false when the new instance equals the active one; the instance and
 * the task (null when nothing changed, and in a dry run); the steps and the driver
 * actions of the task that applies it, in order; the retired parameters an upgrade
 * dropped; the other deployments of the environment that it redeploys.
 *
 * @public
 */
export type DeploymentChangeResult = WithJsonFields<
  DeploymentChangeFieldsFragment,
  {
    deployment: Deployment;
    instance: Instance | null;
    diff: ContextChange[];
    plannedActions: DriverVersionAction[];
    siblings: Redeployment[];
  }
>;

/**
 * Where a page ends, and whether another follows.
 *
 * @public
 */
export type PageInfo = DeploymentsQuery['deployments']['pageInfo'];

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

export const CONTEXT_CHANGE = /* GraphQL */ `
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
    carriedOverParameters {
      parameter
      field
      value
    }
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
