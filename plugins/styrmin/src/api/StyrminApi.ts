import { createApiRef } from '@backstage/core-plugin-api';
import type {
  Backup,
  BackupDetail,
  BackupPage,
  BackupSchedule,
  BackupStorageLocation,
  DeploymentBackupsOptions,
  SetBackupScheduleInput,
  Restore,
  RecordRef,
  Cluster,
  ClusterWithAgentToken,
  CreateDeploymentInput,
  EnvironmentWithDeployments,
  Redeployment,
  UpdateClusterInput,
  UpdateClusterResult,
  DeleteDeploymentInput,
  Deployment,
  DeploymentChangeResult,
  Plan,
  DeploymentObservedState,
  DeploymentTaskResult,
  DeploymentTimeline,
  DeploymentTimelineOptions,
  DeploymentWithInstance,
  Driver,
  DriverVersion,
  KubernetesEvent,
  LoadDriverInput,
  LoadDriverResult,
  ServerInfo,
  Task,
  TaskPage,
  TasksOptions,
  TaskTree,
  EditDeploymentInput,
  RollbackDeploymentInput,
  RunJobInput,
  UpgradeDeploymentInput,
} from '@styrmin/sdk';
import type {
  CreateEnvironmentBackupInput,
  CreateEnvironmentInput,
  Environment,
  EnvironmentBackup,
  EnvironmentBackupSummaryPage,
  EnvironmentBackupsOptions,
  CloneEnvironmentInput,
  EnvironmentClonePlan,
  EnvironmentOperation,
  EnvironmentRestorePlan,
  EnvironmentUpgradePlan,
  RegisterClusterInput,
  RestoreEnvironmentInput,
  UpgradeEnvironmentInput,
  UpdateEnvironmentInput,
  UpdateEnvironmentResult,
} from '@styrmin/sdk';

/**
 * The components to stop or start of a deployment.
 *
 * @public
 */
export interface ComponentsChange {
  /** The deployment's id. */
  id: string;
  components: string[];
  /** The deployment version the change applies to; another is CONFLICT. */
  expectedVersion?: number;
}

/**
 * What stopping or starting components did: the deployment and the task that does it.
 *
 * @public
 */
export interface ComponentsChangeResult {
  deployment: Deployment;
  task: Task;
}

/**
 * What the portal UI reads from and writes to the Styrmin server. Each method is one
 * operation of the GraphQL API, as `@styrmin/sdk` types it; failures reject with the SDK's
 * `StyrminApiError`.
 *
 * @public
 */
export interface StyrminApi {
  /**
   * The server that answers: its version and installation, and the database it runs on.
   */
  getServerInfo(): Promise<ServerInfo>;

  /** Every application driver with at least one loaded version, by name. */
  getDrivers(): Promise<Driver[]>;

  /** One application driver with its versions, or undefined when none of them is loaded. */
  getDriver(name: string): Promise<Driver | undefined>;

  /** One application driver version, or undefined when it is not loaded. */
  getDriverVersion(options: {
    name: string;
    version: string;
  }): Promise<DriverVersion | undefined>;

  /**
   * Loads an application driver version from a directory on the server, a git repository
   * or uploaded files. Loading the same content again returns `created: false`.
   */
  loadDriver(input: LoadDriverInput): Promise<LoadDriverResult>;

  /** One deployment by its id, tombstones too, with its active instance; undefined when none. */
  getDeployment(id: string): Promise<DeploymentWithInstance | undefined>;

  /**
   * A deployment's state with its newest task, DeploymentStatus, pods, components and
   * services; undefined when there is no such deployment.
   */
  getDeploymentObservedState(
    id: string,
  ): Promise<DeploymentObservedState | undefined>;

  /**
   * The Kubernetes Events of a deployment's namespace, newest first; undefined when there
   * is no such deployment.
   */
  getDeploymentEvents(id: string): Promise<KubernetesEvent[] | undefined>;

  /** A page of a deployment's instances, newest first, each with its diff. */
  getDeploymentTimeline(
    options: DeploymentTimelineOptions,
  ): Promise<DeploymentTimeline | undefined>;

  /** A page of a deployment's tasks, newest first. */
  getDeploymentTasks(options: TasksOptions): Promise<TaskPage | undefined>;

  /** One task with its steps and the tasks they started, at any depth. */
  getTaskTree(id: string): Promise<TaskTree | undefined>;

  /** Deletes a deployment: it becomes a tombstone once its workload is removed. */
  deleteDeployment(
    input: DeleteDeploymentInput,
  ): Promise<DeploymentChangeResult>;

  /** Stops components of a deployment: they run 0 pods and keep their replica counts. */
  stopComponents(input: ComponentsChange): Promise<ComponentsChangeResult>;

  /** Starts stopped components of a deployment again. */
  startComponents(input: ComponentsChange): Promise<ComponentsChangeResult>;

  /** Restarts components of a deployment: their pods are replaced one by one. */
  restartComponents(input: ComponentsChange): Promise<ComponentsChangeResult>;

  /**
   * Runs a command (a program and its arguments, no shell) in a Job of a deployment, in a
   * component container's image and environment: a run_job task.
   */
  runJob(input: RunJobInput): Promise<DeploymentTaskResult>;

  /**
   * Retries a failed task: a new task of the same change (the same instance, components or
   * job). Refused (CONFLICT) for a task that did not fail or whose deployment moved on.
   */
  retryTask(taskId: string): Promise<DeploymentTaskResult>;

  /**
   * Edits a deployment's configuration with a JSON merge patch; with `dryRun`, answers
   * what the edit would do (diff, planned steps, siblings) and stores nothing.
   */
  editDeployment(input: EditDeploymentInput): Promise<DeploymentChangeResult>;

  /**
   * Moves a deployment to another version of its driver; with `dryRun`, answers what the
   * upgrade would do (dropped parameters, diff, the actions that run) and stores nothing.
   */
  upgradeDeployment(
    input: UpgradeDeploymentInput,
  ): Promise<DeploymentChangeResult>;

  /**
   * Plans an upgrade: its dry run, kept as a plan (the diff, the steps, the hooks with their
   * prompts, warnings, whether a backup is taken first) to apply by its id.
   */
  planUpgrade(
    input: Omit<UpgradeDeploymentInput, 'dryRun' | 'plan'>,
  ): Promise<Plan>;

  /**
   * Applies a plan by its id; refused (CONFLICT, naming what) when what it was computed
   * from changed since.
   */
  applyPlan(planId: string): Promise<DeploymentChangeResult>;

  /**
   * Rolls a deployment back to an earlier instance (its number): its declared state applied
   * again; with `withData`, its restore point restored in place too.
   */
  rollbackDeployment(
    input: RollbackDeploymentInput,
  ): Promise<DeploymentChangeResult>;

  /** A page of a deployment's backups, of every instance, newest first; a tombstone's too. */
  getDeploymentBackups(
    options: DeploymentBackupsOptions,
  ): Promise<BackupPage | undefined>;

  /** A deployment's restores, newest first. */
  getDeploymentRestores(deploymentId: string): Promise<Restore[] | undefined>;

  /** One backup with its task's steps, or undefined when there is none. */
  getBackup(id: string): Promise<BackupDetail | undefined>;

  /** Backs up a deployment now (a create_backup task). */
  createBackup(input: { deployment: string; ttl?: string }): Promise<Backup>;

  /**
   * The backup schedule that applies to a deployment (its own, else its environment's:
   * `inherited`), with its next run; null when none does.
   */
  getBackupSchedule(deploymentId: string): Promise<BackupSchedule | null>;

  /** Sets a deployment's own backup schedule (cron, TTL, paused). */
  setBackupSchedule(input: SetBackupScheduleInput): Promise<BackupSchedule>;

  /** Deletes a backup and its Velero objects (a delete_backup task). */
  deleteBackup(id: string): Promise<Backup>;

  /** Restores a backup in place: the deployment is RESTORING until its task ends. */
  restoreBackup(backupId: string): Promise<Restore>;

  /**
   * A page of an environment's environment backups in brief (status, who and when, which
   * constituents are left), newest first; undefined for an unknown environment.
   */
  getEnvironmentBackups(
    options: EnvironmentBackupsOptions,
  ): Promise<EnvironmentBackupSummaryPage | undefined>;

  /** One environment backup with its constituents; undefined when there is none. */
  getEnvironmentBackup(id: string): Promise<EnvironmentBackup | undefined>;

  /**
   * Backs up an environment now: its configuration, the declared state of every eligible
   * deployment and one constituent backup each, as one record.
   */
  createEnvironmentBackup(
    input: CreateEnvironmentBackupInput,
  ): Promise<EnvironmentBackup>;

  /** Deletes an environment backup and its constituents (their delete_backup tasks). */
  deleteEnvironmentBackup(id: string): Promise<EnvironmentBackup>;

  /** A page of an environment's environment tasks (upgrade, restore, clone), newest first. */
  getEnvironmentTasks(options: {
    id: string;
    first?: number;
    after?: string;
  }): Promise<TaskPage | undefined>;

  /** What `restoreEnvironment(input)` would restore, and what it could not, with reasons. */
  getEnvironmentRestorePlan(
    input: RestoreEnvironmentInput,
  ): Promise<EnvironmentRestorePlan>;

  /**
   * Restores an environment from an environment backup: its configuration, then each
   * usable constituent in place, under one parent task.
   */
  restoreEnvironment(
    input: RestoreEnvironmentInput,
  ): Promise<EnvironmentOperation>;

  /** What `cloneEnvironment(input)` would create; writes nothing. */
  getEnvironmentClonePlan(
    input: CloneEnvironmentInput,
  ): Promise<EnvironmentClonePlan>;

  /**
   * Clones an environment: a new one with a deployment per eligible deployment of the
   * environment backup, each restored from its constituent, under one parent task.
   */
  cloneEnvironment(input: CloneEnvironmentInput): Promise<EnvironmentOperation>;

  /** What `upgradeEnvironment(input)` would upgrade, in order, and what it leaves out. */
  getEnvironmentUpgradePlan(
    input: UpgradeEnvironmentInput,
  ): Promise<EnvironmentUpgradePlan>;

  /** Upgrades an environment's deployments in the plan's order, under one parent task. */
  upgradeEnvironment(
    input: UpgradeEnvironmentInput,
  ): Promise<EnvironmentOperation>;

  /** One backup storage location by its name, with each cluster's phase of it. */
  getBackupStorageLocation(
    name: string,
  ): Promise<BackupStorageLocation | undefined>;

  /** Every registered cluster, by name, with when its agent last called. */
  getClusters(): Promise<Cluster[]>;

  /** One cluster by its name, or undefined when there is none. */
  getCluster(name: string): Promise<Cluster | undefined>;

  /**
   * The environments that are not deleted, of one cluster (by id) when it is given, each
   * with its deployments, their states and their newest tasks' results.
   */
  getEnvironments(options?: {
    cluster?: string;
  }): Promise<EnvironmentWithDeployments[]>;

  /**
   * One environment by its id or its name, with its deployments; undefined when there is
   * none.
   */
  getEnvironment(
    ref: RecordRef,
  ): Promise<EnvironmentWithDeployments | undefined>;

  /** Creates a deployment: its first instance and the task that applies it. */
  createDeployment(
    input: CreateDeploymentInput,
  ): Promise<DeploymentChangeResult>;

  /** The deployments that `updateCluster(input)` would redeploy; changes nothing. */
  previewClusterUpdate(input: UpdateClusterInput): Promise<Redeployment[]>;

  /** Changes a cluster's settings (a merge patch) and redeploys what they change. */
  updateCluster(input: UpdateClusterInput): Promise<UpdateClusterResult>;

  /** Issues a new agent token, in the answer only; the old one stops working. */
  rotateAgentToken(clusterId: string): Promise<ClusterWithAgentToken>;
  // Administration: clusters and environments, as styrminctl offers it.

  /** Registers a cluster; its agent token is in this answer only, and never again. */
  registerCluster(input: RegisterClusterInput): Promise<ClusterWithAgentToken>;

  /** Every registered backup storage location, by name. */
  getBackupStorageLocations(): Promise<BackupStorageLocation[]>;

  /** Creates an environment in a cluster. */
  createEnvironment(input: CreateEnvironmentInput): Promise<Environment>;

  /** The deployments that `updateEnvironment(input)` would redeploy; changes nothing. */
  previewEnvironmentUpdate(
    input: UpdateEnvironmentInput,
  ): Promise<Redeployment[]>;

  /** Changes an environment's overrides or backup storage location, and redeploys. */
  updateEnvironment(
    input: UpdateEnvironmentInput,
  ): Promise<UpdateEnvironmentResult>;

  /** Deletes an environment that has no deployments left. */
  deleteEnvironment(input: {
    id: string;
    expectedVersion?: number;
  }): Promise<Environment>;
}

/**
 * The {@link StyrminApi}. Created with the legacy `createApiRef` so that one ref serves
 * both the new frontend system (`ApiBlueprint`) and the legacy `createPlugin` apis.
 *
 * @public
 */
export const styrminApiRef = createApiRef<StyrminApi>({
  id: 'plugin.styrmin.api',
});
