import type {
  Cluster,
  DeploymentSummary,
  EnvironmentWithDeployments,
} from '@styrmin/sdk';
import { StyrminApi } from '../api';

/** The clusters and environments that the home, environment and cluster pages read. */

const ADA = 'user:default/ada';

const stamps = {
  version: 1,
  createdBy: ADA,
  createdAt: '2025-03-01T12:00:00.000Z',
  updatedBy: ADA,
  updatedAt: '2025-03-01T12:00:00.000Z',
};

/** A cluster whose agent called a moment ago. */
export const localCluster: Cluster = {
  ...stamps,
  id: 'c-local',
  name: 'local',
  settings: {
    storage_class: 'standard',
    storage_classes: { fast: 'ssd' },
    ingress_class: 'nginx',
    base_domain: 'apps.example.com',
    extra: { proxy: { enabled: true } },
  },
  workPool: 'cluster:c-local',
  agentTokenRotatedAt: '2025-03-01T12:00:00.000Z',
  agentLastSeenAt: new Date().toISOString(),
  agentHeartbeatSeconds: 60,
};

/** A cluster whose agent has not called for long. */
export const edgeCluster: Cluster = {
  ...localCluster,
  id: 'c-edge',
  name: 'edge',
  settings: {},
  workPool: 'cluster:c-edge',
  agentLastSeenAt: '2025-03-02T08:00:00.000Z',
};

/** A cluster whose agent never called. */
export const newCluster: Cluster = {
  ...localCluster,
  id: 'c-new',
  name: 'new',
  settings: {},
  workPool: 'cluster:c-new',
  agentLastSeenAt: null,
};

/** A deployment summary as overviews list it, its newest task a SUCCEEDED creation unless `fields` say otherwise. */
export function deployment(
  fields: Pick<DeploymentSummary, 'id' | 'name' | 'state'> &
    Partial<DeploymentSummary>,
): DeploymentSummary {
  return {
    stateReason: null,
    driverVersion: { name: 'infrahub', version: '1.1.0' },
    appVersion: '1.5.2',
    updatedAt: '2025-03-04T10:00:00.000Z',
    latestTask: {
      id: `task-${fields.id}`,
      type: 'create_instance',
      status: 'SUCCEEDED',
      result: 'SUCCEEDED',
      createdAt: '2025-03-04T10:00:00.000Z',
    },
    ...fields,
  };
}

export const devEnvironment: EnvironmentWithDeployments = {
  ...stamps,
  id: 'e-dev',
  name: 'dev',
  cluster: { id: localCluster.id, name: localCluster.name },
  overrides: { ingress_class: 'traefik' },
  backupStorageLocation: 'minio',
  deletedAt: null,
  deployments: [
    deployment({ id: 'd-infrahub-dev', name: 'infrahub', state: 'RUNNING' }),
    deployment({
      id: 'd-semaphore-dev',
      name: 'semaphore',
      state: 'FAILED',
      stateReason: 'Install or upgrade the HelmRelease failed',
      driverVersion: { name: 'semaphore', version: '1.0.0' },
      appVersion: '2.10.0',
      latestTask: {
        id: 'task-semaphore',
        type: 'create_instance',
        status: 'FAILED',
        result: 'FAILED',
        createdAt: '2025-03-04T11:00:00.000Z',
      },
    }),
  ],
};

export const prodEnvironment: EnvironmentWithDeployments = {
  ...devEnvironment,
  id: 'e-prod',
  name: 'prod',
  overrides: {},
  backupStorageLocation: null,
  deployments: [
    deployment({
      id: 'd-infrahub-prod',
      name: 'infrahub-main',
      state: 'DEPLOYING',
      latestTask: {
        id: 'task-prod',
        type: 'upgrade_instance',
        status: 'RUNNING',
        result: 'RUNNING',
        createdAt: '2025-03-05T09:00:00.000Z',
      },
    }),
  ],
};

/** An environment without deployments, on the stale cluster. */
export const edgeEnvironment: EnvironmentWithDeployments = {
  ...devEnvironment,
  id: 'e-edge',
  name: 'edge-lab',
  cluster: { id: edgeCluster.id, name: edgeCluster.name },
  overrides: {},
  backupStorageLocation: null,
  deployments: [],
};

const clusters = [edgeCluster, localCluster, newCluster];
const environments = [devEnvironment, edgeEnvironment, prodEnvironment];

/** The answers of the cluster and environment reads; changes are each test's to answer. */
export const recordAnswers: Pick<
  StyrminApi,
  | 'getClusters'
  | 'getCluster'
  | 'getEnvironments'
  | 'getEnvironment'
  | 'createDeployment'
  | 'previewClusterUpdate'
  | 'updateCluster'
  | 'rotateAgentToken'
> = {
  getClusters: async () => clusters,
  getCluster: async name => clusters.find(c => c.name === name),
  getEnvironments: async ({ cluster } = {}) =>
    environments.filter(e => !cluster || e.cluster.id === cluster),
  getEnvironment: async ref =>
    environments.find(e =>
      'id' in ref ? e.id === ref.id : e.name === ref.name,
    ),
  createDeployment: async () => {
    throw new Error('Each test of a creation answers it');
  },
  previewClusterUpdate: async () => [],
  updateCluster: async () => {
    throw new Error('Each test of a change answers it');
  },
  rotateAgentToken: async () => {
    throw new Error('Each test of a rotation answers it');
  },
};
