import type {
  Backup,
  BackupDetail,
  BackupPage,
  BackupSchedule,
  BackupStorageLocation,
  Restore,
  TaskTree,
} from '@styrmin/sdk';
import { StyrminApi } from '../api';
import { createTask, deployment } from './deploymentFixtures';

/** The backups of the fixtures' infrahub in `dev`, and its location, as the API answers. */

const ADA = 'user:default/ada';

const backupDeployment = {
  id: deployment.id,
  name: deployment.name,
  environment: deployment.environment,
};

function backupTaskTree(
  id: string,
  type: TaskTree['type'],
  result: 'RUNNING' | 'SUCCEEDED' | 'FAILED',
  steps: string[],
): TaskTree {
  const status = result;
  return {
    ...createTask,
    id,
    type,
    status,
    result,
    flowRun: { ...createTask.flowRun, id: `run-${id}`, state: status },
    cause: null,
    job: null,
    deployment: {
      id: deployment.id,
      name: deployment.name,
      state: deployment.state,
      environment: deployment.environment,
    },
    environment: deployment.environment,
    steps: steps.map((name, position) => ({
      id: `${id}-step-${position}`,
      name,
      position,
      status: position === 0 ? status : 'PENDING',
      attempts: position === 0 ? 1 : 0,
      startedAt: position === 0 ? '2025-03-06T09:00:01.000Z' : null,
      endedAt: null,
      errors: [],
      lines: [],
      startedTasks: [],
      supersededBy: null,
      outputTail: null,
    })),
  };
}

/** A Completed backup of instance 2, the one the restore tests restore. */
export const completedBackup: Backup = {
  id: 'backup-completed',
  deployment: backupDeployment,
  instance: { id: 'instance-2', number: 2 },
  storageLocation: { id: 'bsl-minio', name: 'minio' },
  veleroName: 'styrmin-infrahub-20250306090000',
  trigger: 'ON_DEMAND',
  scheduledFor: null,
  ttl: '720h0m0s',
  createdBy: ADA,
  createdAt: '2025-03-06T09:00:00.000Z',
  phase: 'Completed',
  itemsBackedUp: 40,
  totalItems: 40,
  sizeBytes: 1572864,
  errors: 0,
  warnings: 0,
  failureReason: null,
  startedAt: '2025-03-06T09:00:01.000Z',
  completedAt: '2025-03-06T09:00:09.000Z',
  expiresAt: '2025-04-05T09:00:01.000Z',
  task: {
    id: 'task-backup-completed',
    type: 'create_backup',
    status: 'SUCCEEDED',
    result: 'SUCCEEDED',
  },
  deletion: null,
  restorable: true,
  refusal: null,
};

/** A scheduled backup of instance 1 that failed: Velero refused its location. */
export const failedBackup: Backup = {
  ...completedBackup,
  id: 'backup-failed',
  instance: { id: 'instance-1', number: 1 },
  veleroName: 'styrmin-infrahub-20250305020000',
  trigger: 'SCHEDULE',
  createdBy: 'styrmin:scheduler',
  createdAt: '2025-03-05T02:00:00.000Z',
  phase: 'FailedValidation',
  itemsBackedUp: null,
  totalItems: null,
  sizeBytes: null,
  errors: 1,
  failureReason:
    'The backup storage location minio is Unavailable: AccessDenied',
  completedAt: '2025-03-05T02:00:02.000Z',
  task: {
    id: 'task-backup-failed',
    type: 'create_backup',
    status: 'FAILED',
    result: 'FAILED',
  },
  restorable: false,
  refusal:
    'The backup is FailedValidation: only a Completed backup can be restored',
};

/** A backup that runs: Velero has backed up 12 of 40 items. */
export const runningBackup: Backup = {
  ...completedBackup,
  id: 'backup-running',
  veleroName: 'styrmin-infrahub-20250306100000',
  createdAt: '2025-03-06T10:00:00.000Z',
  phase: 'InProgress',
  itemsBackedUp: 12,
  totalItems: 40,
  sizeBytes: null,
  completedAt: null,
  expiresAt: null,
  task: {
    id: 'task-backup-running',
    type: 'create_backup',
    status: 'RUNNING',
    result: 'RUNNING',
  },
  restorable: false,
  refusal: 'The backup is InProgress: only a Completed backup can be restored',
};

/** The history, newest first. */
export const backups: BackupPage = {
  nodes: [completedBackup, failedBackup],
  pageInfo: { endCursor: null, hasNextPage: false },
};

export const backupTrees: Record<string, TaskTree> = {
  [completedBackup.id]: backupTaskTree(
    'task-backup-completed',
    'create_backup',
    'SUCCEEDED',
    ['Back up the namespace'],
  ),
  [failedBackup.id]: backupTaskTree(
    'task-backup-failed',
    'create_backup',
    'FAILED',
    ['Back up the namespace'],
  ),
  [runningBackup.id]: backupTaskTree(
    'task-backup-running',
    'create_backup',
    'RUNNING',
    ['Back up the namespace'],
  ),
};

/** A backup with its task's steps, as `getBackup` answers. */
export function backupDetail(backup: Backup): BackupDetail {
  return { ...backup, task: backupTrees[backup.id] ?? null };
}

/** The restore of the completed backup, whose components are being stopped. */
export const runningRestore: Restore = {
  id: 'restore-1',
  backup: {
    id: completedBackup.id,
    veleroName: completedBackup.veleroName,
    instance: completedBackup.instance,
  },
  deployment: backupDeployment,
  veleroName: 'styrmin-infrahub-restore-1',
  phase: null,
  itemsRestored: null,
  totalItems: null,
  errors: 0,
  warnings: 0,
  failureReason: null,
  task: {
    id: 'task-restore-1',
    type: 'restore_backup',
    status: 'RUNNING',
    result: 'RUNNING',
  },
  createdBy: ADA,
  createdAt: '2025-03-06T11:00:00.000Z',
  startedAt: null,
  completedAt: null,
};

export const restoreTree = backupTaskTree(
  'task-restore-1',
  'restore_backup',
  'RUNNING',
  [
    'Stop the components',
    'Remove the volume claims of the backup',
    'Restore the namespace',
    'Start the components',
  ],
);

export const minioLocation: BackupStorageLocation = {
  id: 'bsl-minio',
  name: 'minio',
  provider: 'S3',
  bucket: 'styrmin',
  prefix: 'dev',
  region: 'us-east-1',
  endpointUrl: 'http://minio:9000',
  pathStyle: true,
  credentialsSecret: { name: 'velero-credentials', key: 'cloud' },
  configured: true,
  clusters: [
    {
      cluster: { id: 'c-local', name: 'local' },
      phase: 'Available',
      message: null,
      lastValidationTime: '2025-03-06T09:00:00.000Z',
      observedAt: '2025-03-06T09:00:01.000Z',
    },
  ],
  version: 1,
  createdBy: 'user:default/admin',
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedBy: 'user:default/admin',
  updatedAt: '2025-03-01T09:00:00.000Z',
};

/** The schedule `dev` sets, which the deployment of the fixtures inherits. */
export const inheritedSchedule: BackupSchedule = {
  cron: '0 3 * * *',
  ttl: '720h0m0s',
  paused: false,
  inherited: true,
  nextRunAt: '2025-03-02T03:00:00.000Z',
};

/** What the fake {@link StyrminApi} answers about backups: the fixtures above. */
export const backupAnswers: Pick<
  StyrminApi,
  | 'getDeploymentBackups'
  | 'getDeploymentRestores'
  | 'getBackup'
  | 'createBackup'
  | 'getBackupSchedule'
  | 'setBackupSchedule'
  | 'deleteBackup'
  | 'restoreBackup'
  | 'getBackupStorageLocation'
> = {
  getDeploymentBackups: async ({ id }) =>
    id === deployment.id ? backups : undefined,
  getDeploymentRestores: async id => (id === deployment.id ? [] : undefined),
  getBackup: async id => {
    const found = [completedBackup, failedBackup, runningBackup].find(
      backup => backup.id === id,
    );
    return found && backupDetail(found);
  },
  createBackup: async () => {
    throw new Error('No test backs up without saying how it ends');
  },
  getBackupSchedule: async id =>
    id === deployment.id ? inheritedSchedule : null,
  setBackupSchedule: async () => {
    throw new Error('No test sets a schedule without saying how it ends');
  },
  deleteBackup: async () => {
    throw new Error('No test deletes a backup without saying how it ends');
  },
  restoreBackup: async () => {
    throw new Error('No test restores without saying how it ends');
  },
  getBackupStorageLocation: async name =>
    name === minioLocation.name ? minioLocation : undefined,
};
