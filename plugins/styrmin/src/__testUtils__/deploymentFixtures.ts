import type {
  DeploymentObservedState,
  DeploymentTimeline,
  DeploymentWithInstance,
  Instance,
  Task,
  TaskPage,
  TaskTree,
} from '@styrmin/sdk';
import { StyrminApi } from '../api';

/** A deployment of infrahub 1.1.0 in `dev`, with what its pages read, as the API answers. */

const ADA = 'user:default/ada';
const DEPLOYMENT_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const NAMESPACE = `styrmin-${DEPLOYMENT_ID}`;

function flowRun(
  task: Pick<Task, 'id' | 'status'>,
  flowName: Task['flowRun']['flowName'],
) {
  return {
    id: `run-${task.id}`,
    pool: 'cluster:c-1',
    flowName,
    state: task.status,
    attempts: 1,
    maxAttempts: 3,
    createdAt: '2025-03-04T10:00:00.000Z',
  };
}

export const createTask: Task = {
  id: 'task-create',
  type: 'create_instance',
  status: 'SUCCEEDED',
  result: 'SUCCEEDED',
  createdBy: ADA,
  createdAt: '2025-03-04T10:00:00.000Z',
  flowRun: flowRun(
    { id: 'task-create', status: 'SUCCEEDED' },
    'CREATE_INSTANCE',
  ),
  steps: [
    {
      name: 'Apply the StyrminDeployment resource',
      position: 0,
      status: 'SUCCEEDED',
      attempts: 1,
      startedAt: '2025-03-04T10:00:01.000Z',
      endedAt: '2025-03-04T10:00:02.000Z',
    },
  ],
};

export const upgradeTask: Task = {
  id: 'task-upgrade',
  type: 'upgrade_instance',
  status: 'FAILED',
  result: 'FAILED',
  createdBy: ADA,
  createdAt: '2025-03-05T08:00:00.000Z',
  flowRun: flowRun(
    { id: 'task-upgrade', status: 'FAILED' },
    'UPGRADE_INSTANCE',
  ),
  steps: [],
};

const activeInstance: Instance = {
  id: 'instance-2',
  number: 2,
  active: true,
  createdBy: ADA,
  createdAt: '2025-03-05T08:00:00.000Z',
  driverVersion: { name: 'infrahub', version: '1.1.0' },
  context: {
    app: { version: '1.5.2' },
    driver: { name: 'infrahub', version: '1.1.0' },
    deployment: { id: DEPLOYMENT_ID, name: 'infrahub', namespace: NAMESPACE },
    components: {
      server: { replicas: 2 },
      'task-worker': { replicas: 2 },
      database: { replicas: 1 },
    },
    parameters: { admin_password: '<secret>', log_level: 'DEBUG' },
    secret_paths: ['parameters.admin_password'],
  } as unknown as Instance['context'],
  diff: [],
  task: upgradeTask,
};

export const deployment: DeploymentWithInstance = {
  id: DEPLOYMENT_ID,
  name: 'infrahub',
  environment: { id: 'env-dev', name: 'dev' },
  driverVersion: { name: 'infrahub', version: '1.1.0' },
  appVersion: '1.5.2',
  configuration: {
    app_version: '1.5.2',
    parameters: { admin_password: '<secret>', log_level: 'DEBUG' },
    components: { server: { replicas: 2 } },
  },
  state: 'RUNNING',
  stateReason: null,
  deletedAt: null,
  activeInstance,
  version: 3,
  createdBy: ADA,
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedBy: ADA,
  updatedAt: '2025-03-05T08:00:00.000Z',
};

/** The same deployment after its deletion: a tombstone. */
export const tombstone: DeploymentWithInstance = {
  ...deployment,
  state: 'DELETED',
  stateReason: 'Its workload was removed from the cluster',
  deletedAt: '2025-03-06T12:00:00.000Z',
  activeInstance: null,
  version: 4,
};

const host = `http.${NAMESPACE}.svc.cluster.local`;

export const observedState: DeploymentObservedState = {
  id: DEPLOYMENT_ID,
  name: 'infrahub',
  appVersion: '1.5.2',
  driverVersion: { name: 'infrahub', version: '1.1.0' },
  state: 'RUNNING',
  stateReason: null,
  latestTask: upgradeTask,
  deploymentStatus: {
    status: {},
    ready: true,
    reason: 'Reconciled',
    message: 'Every phase is done',
    observedAt: '2025-03-05T08:05:00.000Z',
    updatedAt: '2025-03-05T08:05:00.000Z',
  },
  pods: [
    {
      name: 'infrahub-server-7c9d-abcde',
      phase: 'Running',
      ready: true,
      restarts: 0,
      startedAt: '2025-03-05T08:01:00.000Z',
      component: 'server',
      reason: null,
      observedAt: '2025-03-05T08:05:00.000Z',
    },
    {
      name: 'infrahub-server-7c9d-fghij',
      phase: 'Pending',
      ready: false,
      restarts: 3,
      startedAt: null,
      component: 'server',
      reason: 'CrashLoopBackOff',
      observedAt: '2025-03-05T08:05:00.000Z',
    },
  ],
  components: [
    {
      name: 'database',
      desiredReplicas: 1,
      pods: 0,
      readyReplicas: 0,
      singleton: true,
      stopped: false,
    },
    {
      name: 'server',
      desiredReplicas: 2,
      pods: 2,
      readyReplicas: 1,
      singleton: false,
      stopped: false,
    },
    {
      name: 'task-worker',
      desiredReplicas: null,
      pods: 0,
      readyReplicas: 0,
      singleton: false,
      stopped: false,
    },
  ],
  services: [
    {
      name: 'http',
      component: 'server',
      host,
      port: 80,
      url: `http://${host}:80`,
      externalUrl: 'https://http-infrahub-dev.apps.example.com/',
      protocol: 'TCP',
      type: 'ClusterIP',
    },
  ],
};

export const timeline: DeploymentTimeline = {
  nodes: [
    {
      id: 'instance-2',
      number: 2,
      active: true,
      createdBy: ADA,
      createdAt: '2025-03-05T08:00:00.000Z',
      driverVersion: { name: 'infrahub', version: '1.1.0' },
      diff: [
        {
          path: 'driver.version',
          kind: 'CHANGED',
          before: '1.0.0',
          after: '1.1.0',
          secret: false,
        },
        {
          path: 'parameters.admin_password',
          kind: 'CHANGED',
          before: '<secret>',
          after: '<secret>',
          secret: true,
        },
      ],
      task: {
        id: upgradeTask.id,
        type: upgradeTask.type,
        status: upgradeTask.status,
        result: upgradeTask.result,
        cause: null,
      },
      restorePoint: null,
      rollbackTo: null,
      restoresData: false,
    },
  ],
  pageInfo: { endCursor: 'cursor-2', hasNextPage: true },
};

/** The page after {@link timeline}: the first instance. */
export const timelineOlder: DeploymentTimeline = {
  nodes: [
    {
      id: 'instance-1',
      number: 1,
      active: false,
      createdBy: 'user:default/grace',
      createdAt: '2025-03-04T10:00:00.000Z',
      driverVersion: { name: 'infrahub', version: '1.0.0' },
      diff: [
        {
          path: 'app.version',
          kind: 'ADDED',
          before: null,
          after: '1.5.2',
          secret: false,
        },
      ],
      task: {
        id: createTask.id,
        type: createTask.type,
        status: createTask.status,
        result: createTask.result,
        cause: null,
      },
      restorePoint: null,
      rollbackTo: null,
      restoresData: false,
    },
  ],
  pageInfo: { endCursor: 'cursor-1', hasNextPage: false },
};

export const tasks: TaskPage = {
  nodes: [upgradeTask, createTask].map(task => ({
    ...task,
    cause: null,
    deployment: { id: DEPLOYMENT_ID, name: 'infrahub' },
  })),
  pageInfo: { endCursor: 'task-cursor', hasNextPage: false },
};

const treeDeployment = {
  id: DEPLOYMENT_ID,
  name: 'infrahub',
  state: 'RUNNING' as const,
  environment: { id: 'env-dev', name: 'dev' },
};

function step(
  fields: Pick<TaskTree['steps'][number], 'name' | 'position' | 'status'> &
    Partial<TaskTree['steps'][number]>,
): TaskTree['steps'][number] {
  return {
    id: `step-${fields.position}-${fields.name}`,
    attempts: fields.status === 'PENDING' ? 0 : 1,
    startedAt: null,
    endedAt: null,
    errors: [],
    lines: [],
    startedTasks: [],
    supersededBy: null,
    outputTail: null,
    ...fields,
  };
}

/** The task that the upgrade's pre-hook started to stop the task workers. */
export const stopWorkersTree: TaskTree = {
  ...createTask,
  id: 'task-stop-workers',
  type: 'stop_components',
  flowRun: flowRun(
    { id: 'task-stop-workers', status: 'SUCCEEDED' },
    'STOP_COMPONENTS',
  ),
  deployment: treeDeployment,
  environment: treeDeployment.environment,
  job: null,
  cause: {
    kind: 'HOOK',
    message: 'started by the upgrade pre-hook of dev/infrahub',
    causedBy: 'user:default/ada',
    record: {
      type: 'task',
      id: 'task-upgrade',
      name: 'Run the upgrade pre-hook',
    },
  },
  steps: [
    step({
      name: 'Scale task-worker to 0',
      position: 0,
      status: 'SUCCEEDED',
    }),
  ],
};

export const OUTPUT_TAIL =
  'Applying migration 0042_graph_index\nERROR: relation "graph_index" already exists';

/** What the failed attempt of the upgrade's core hook said it did. */
export const STEP_LINES = [
  'Deleted Job infrahub-job, which an earlier action left',
  'Migrated the graph to schema 42',
];

/** The failed upgrade: its migrations failed twice, and its post-hook never ran. */
export const upgradeTree: TaskTree = {
  ...upgradeTask,
  cause: null,
  deployment: treeDeployment,
  environment: treeDeployment.environment,
  job: null,
  steps: [
    step({
      name: 'Run the upgrade pre-hook',
      position: 0,
      status: 'SUCCEEDED',
      startedTasks: [stopWorkersTree],
    }),
    step({
      name: 'Run the upgrade core-hook',
      position: 1,
      status: 'FAILED',
      attempts: 2,
      lines: STEP_LINES,
      errors: [
        {
          attempt: 1,
          message: 'The agent lost its lease',
          outputTail: null,
          occurredAt: '2025-03-05T08:02:00.000Z',
        },
        {
          attempt: 2,
          message: 'Job infrahub-job failed: BackoffLimitExceeded',
          outputTail: OUTPUT_TAIL,
          occurredAt: '2025-03-05T08:04:00.000Z',
        },
      ],
    }),
    step({
      name: 'Run the upgrade post-hook',
      position: 2,
      status: 'PENDING',
    }),
  ],
};

export const createTree: TaskTree = {
  ...createTask,
  cause: null,
  deployment: treeDeployment,
  environment: treeDeployment.environment,
  job: null,
  steps: createTask.steps.map(s => step({ ...s })),
};

const trees = [upgradeTree, createTree, stopWorkersTree];

/** What the fake {@link StyrminApi} answers about deployments: the fixtures above. */
export const deploymentAnswers: Pick<
  StyrminApi,
  | 'getDeployment'
  | 'getDeploymentObservedState'
  | 'getDeploymentTimeline'
  | 'getDeploymentTasks'
  | 'getTaskTree'
  | 'deleteDeployment'
  | 'stopComponents'
  | 'startComponents'
  | 'restartComponents'
  | 'runJob'
  | 'retryTask'
> = {
  getDeployment: async id => (id === deployment.id ? deployment : undefined),
  getDeploymentObservedState: async id =>
    id === deployment.id ? observedState : undefined,
  getDeploymentTimeline: async ({ id, after }) => {
    if (id !== deployment.id) {
      return undefined;
    }
    return after === 'cursor-2' ? timelineOlder : timeline;
  },
  getDeploymentTasks: async ({ id }) =>
    id === deployment.id ? tasks : undefined,
  getTaskTree: async id => trees.find(tree => tree.id === id),
  deleteDeployment: async () => {
    throw new Error('No test deletes without saying how it ends');
  },
  stopComponents: async () => {
    throw new Error('No test stops components without saying how it ends');
  },
  startComponents: async () => {
    throw new Error('No test starts components without saying how it ends');
  },
  restartComponents: async () => {
    throw new Error('No test restarts components without saying how it ends');
  },
  runJob: async () => {
    throw new Error('No test runs a job without saying how it ends');
  },
  retryTask: async () => {
    throw new Error('No test retries a task without saying how it ends');
  },
};
