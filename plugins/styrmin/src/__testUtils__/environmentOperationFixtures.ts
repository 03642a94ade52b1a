import type {
  EnvironmentBackup,
  EnvironmentBackupPage,
  EnvironmentClonePlan,
  EnvironmentRestorePlan,
  EnvironmentUpgradePlan,
  TaskPage,
  TaskTree,
} from '@styrmin/sdk';
import { StyrminApi } from '../api';
import { completedBackup, runningBackup } from './backupFixtures';
import { createTask, upgradeTree } from './deploymentFixtures';
import { devEnvironment, localCluster } from './recordFixtures';

/** The environment backups of the fixtures' `dev`, as the API answers them. */

const [infrahub, semaphore] = devEnvironment.deployments;

/** A Completed backup of both of dev's deployments. */
export const completedEnvironmentBackup: EnvironmentBackup = {
  id: 'eb-completed',
  environment: { id: devEnvironment.id, name: devEnvironment.name },
  environmentName: devEnvironment.name,
  backupStorageLocation: 'minio',
  status: 'COMPLETED',
  constituents: [
    {
      deploymentName: 'infrahub',
      deployment: { id: infrahub.id, name: infrahub.name, state: 'RUNNING' },
      driverName: 'infrahub',
      driverVersion: '1.1.0',
      appVersion: '1.5.2',
      backup: completedBackup,
    },
    {
      deploymentName: 'semaphore',
      deployment: {
        id: semaphore.id,
        name: semaphore.name,
        state: 'RUNNING',
      },
      driverName: 'semaphore',
      driverVersion: '1.0.0',
      appVersion: '2.10.0',
      backup: {
        ...completedBackup,
        id: 'backup-semaphore',
        deployment: {
          id: semaphore.id,
          name: semaphore.name,
          environment: completedBackup.deployment.environment,
        },
        veleroName: 'styrmin-semaphore-20250306090000',
        sizeBytes: 2048,
      },
    },
  ],
  createdBy: 'user:default/ada',
  createdAt: '2025-03-06T09:00:00.000Z',
};

/** An older one whose semaphore constituent was deleted since. */
export const partialEnvironmentBackup: EnvironmentBackup = {
  ...completedEnvironmentBackup,
  id: 'eb-partial',
  status: 'PARTIAL',
  constituents: [
    completedEnvironmentBackup.constituents[0],
    { ...completedEnvironmentBackup.constituents[1], backup: null },
  ],
  createdAt: '2025-03-05T09:00:00.000Z',
};

/** One that runs: its infrahub constituent is InProgress. */
export const runningEnvironmentBackup: EnvironmentBackup = {
  ...completedEnvironmentBackup,
  id: 'eb-running',
  status: 'IN_PROGRESS',
  constituents: [
    { ...completedEnvironmentBackup.constituents[0], backup: runningBackup },
  ],
  createdAt: '2025-03-06T10:00:00.000Z',
};

/** dev's environment backups, newest first. */
export const environmentBackups: EnvironmentBackupPage = {
  nodes: [completedEnvironmentBackup, partialEnvironmentBackup],
  pageInfo: { endCursor: null, hasNextPage: false },
};

/** The plan of restoring the partial backup: infrahub is restored, semaphore's is gone. */
export const restorePlan: EnvironmentRestorePlan = {
  environmentBackup: partialEnvironmentBackup,
  restores: [partialEnvironmentBackup.constituents[0]],
  unrestorable: [
    {
      deploymentName: 'semaphore',
      reason: 'CONSTITUENT_GONE',
      message: 'Its constituent backup was deleted or expired',
    },
  ],
};

/** dev's upgrade: semaphore first (infrahub connects to it), infrahub after it. */
export const upgradePlan: EnvironmentUpgradePlan = {
  environment: { id: devEnvironment.id, name: devEnvironment.name },
  upgrades: [
    {
      position: 1,
      deployment: { id: 'd-semaphore-dev', name: 'semaphore' },
      fromVersion: '1.0.0',
      toVersion: '1.1.0',
      after: [],
    },
    {
      position: 2,
      deployment: { id: 'd-infrahub-dev', name: 'infrahub' },
      fromVersion: '1.0.0',
      toVersion: '1.1.0',
      after: ['semaphore'],
    },
  ],
  skipped: [
    {
      deploymentName: 'grafana',
      deployment: { id: 'd-grafana-dev', name: 'grafana' },
      reason: 'grafana 2.0.0 is the newest version of its driver',
    },
  ],
  backupFirst: false,
  problems: [],
};

/** What cloning dev into a new environment creates, from a new environment backup. */
export function clonePlan(name: string): EnvironmentClonePlan {
  return {
    source: { id: devEnvironment.id, name: devEnvironment.name },
    name,
    cluster: { id: localCluster.id, name: localCluster.name },
    environmentBackup: null,
    deployments: completedEnvironmentBackup.constituents.map(c => ({
      name: c.deploymentName,
      driverName: c.driverName,
      driverVersion: c.driverVersion,
      appVersion: c.appVersion,
    })),
    problems: [],
  };
}

/** dev's upgrade_environment task, whose step started infrahub's upgrade. */
export const upgradeEnvironmentTree: TaskTree = {
  ...createTask,
  id: 'task-upgrade-dev',
  type: 'upgrade_environment',
  status: 'FAILED',
  result: 'FAILED',
  flowRun: {
    ...createTask.flowRun,
    id: 'run-task-upgrade-dev',
    pool: 'server',
    flowName: 'UPGRADE_ENVIRONMENT',
    state: 'FAILED',
  },
  cause: null,
  job: null,
  deployment: null,
  environment: { id: devEnvironment.id, name: devEnvironment.name },
  steps: [
    {
      id: 'step-upgrade-infrahub',
      name: 'Upgrade the deployments',
      position: 0,
      status: 'FAILED',
      attempts: 1,
      startedAt: '2025-03-05T08:00:00.000Z',
      endedAt: '2025-03-05T08:05:00.000Z',
      outputTail: null,
      errors: [],
      lines: ['Upgraded infrahub 1.0.0 → 1.1.0 (upgrade_instance FAILED)'],
      startedTasks: [upgradeTree],
      supersededBy: null,
    },
  ],
};

/** dev's environment tasks, newest first. */
export const environmentTasks: TaskPage = {
  nodes: [{ ...upgradeEnvironmentTree, cause: null }],
  pageInfo: { endCursor: null, hasNextPage: false },
};

/** What the fake {@link StyrminApi} answers about environment operations. */
export const environmentOperationAnswers: Pick<
  StyrminApi,
  | 'getEnvironmentBackups'
  | 'getEnvironmentBackup'
  | 'createEnvironmentBackup'
  | 'deleteEnvironmentBackup'
  | 'getEnvironmentTasks'
  | 'getEnvironmentRestorePlan'
  | 'restoreEnvironment'
  | 'getEnvironmentClonePlan'
  | 'cloneEnvironment'
  | 'getEnvironmentUpgradePlan'
  | 'upgradeEnvironment'
> = {
  getEnvironmentTasks: async ({ id }) =>
    id === devEnvironment.id
      ? environmentTasks
      : { nodes: [], pageInfo: { endCursor: null, hasNextPage: false } },
  getEnvironmentRestorePlan: async () => restorePlan,
  restoreEnvironment: async () => {
    throw new Error('No test restores without saying how it ends');
  },
  getEnvironmentClonePlan: async ({ name }) => clonePlan(name),
  cloneEnvironment: async () => {
    throw new Error('No test clones without saying how it ends');
  },
  getEnvironmentUpgradePlan: async ({ backupFirst }) => ({
    ...upgradePlan,
    backupFirst: backupFirst ?? false,
  }),
  upgradeEnvironment: async () => {
    throw new Error('No test upgrades without saying how it ends');
  },
  getEnvironmentBackups: async ({ id }) =>
    id === devEnvironment.id
      ? environmentBackups
      : { nodes: [], pageInfo: { endCursor: null, hasNextPage: false } },
  getEnvironmentBackup: async id =>
    [
      completedEnvironmentBackup,
      partialEnvironmentBackup,
      runningEnvironmentBackup,
    ].find(backup => backup.id === id),
  createEnvironmentBackup: async () => {
    throw new Error('No test backs up without saying how it ends');
  },
  deleteEnvironmentBackup: async () => {
    throw new Error('No test deletes without saying how it ends');
  },
};
