import { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import {
  Backup,
  BackupDetail,
  BackupPage,
  BackupSchedule,
  BackupStorageLocation,
  DeploymentBackupsOptions,
  SetBackupScheduleInput,
  Restore,
  Cluster,
  ClusterWithAgentToken,
  CreateDeploymentInput,
  EnvironmentWithDeployments,
  Redeployment,
  UpdateClusterInput,
  UpdateClusterResult,
  DeleteDeploymentInput,
  DeploymentChangeResult,
  Plan,
  DeploymentObservedState,
  KubernetesEvent,
  DeploymentTaskResult,
  DeploymentTimeline,
  DeploymentTimelineOptions,
  DeploymentWithInstance,
  Driver,
  DriverVersion,
  LoadDriverInput,
  LoadDriverResult,
  ServerInfo,
  StyrminClient as StyrminSdkClient,
  TaskPage,
  TasksOptions,
  TaskTree,
  EditDeploymentInput,
  RollbackDeploymentInput,
  RunJobInput,
  UpgradeDeploymentInput,
  RecordRef,
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
import {
  ComponentsChange,
  ComponentsChangeResult,
  StyrminApi,
} from './StyrminApi';

/**
 * Options for {@link StyrminClient}.
 *
 * @public
 */
export interface StyrminClientOptions {
  discoveryApi: DiscoveryApi;
  fetchApi: FetchApi;
}

/**
 * The {@link StyrminApi} over `@styrmin/sdk`, the GraphQL client that styrminctl and the
 * agent use too. Failures reject with the SDK's `StyrminApiError`, which keeps the error
 * code and the field at fault that the UI shows next to the input.
 *
 * @public
 */
export class StyrminClient implements StyrminApi {
  readonly #sdk: StyrminSdkClient;

  constructor(options: StyrminClientOptions) {
    const { discoveryApi, fetchApi } = options;
    this.#sdk = StyrminSdkClient.create({
      // Resolved per request, so a discovery change (or a slow first lookup) never sticks.
      baseUrl: () => discoveryApi.getBaseUrl('styrmin'),
      // Backstage's fetch attaches the signed-in user's token; called through fetchApi so
      // that implementations relying on `this` keep working.
      fetch: (input, init) => fetchApi.fetch(input, init),
    });
  }

  getServerInfo(): Promise<ServerInfo> {
    return this.#sdk.serverInfo();
  }

  getDrivers(): Promise<Driver[]> {
    return this.#sdk.drivers();
  }

  getDriver(name: string): Promise<Driver | undefined> {
    return this.#sdk.driver(name);
  }

  getDriverVersion(options: {
    name: string;
    version: string;
  }): Promise<DriverVersion | undefined> {
    return this.#sdk.driverVersion(options);
  }

  loadDriver(input: LoadDriverInput): Promise<LoadDriverResult> {
    return this.#sdk.loadDriver(input);
  }

  getDeployment(id: string): Promise<DeploymentWithInstance | undefined> {
    return this.#sdk.deployment({ id });
  }

  getDeploymentObservedState(
    id: string,
  ): Promise<DeploymentObservedState | undefined> {
    return this.#sdk.deploymentObservedState(id);
  }

  getDeploymentEvents(id: string): Promise<KubernetesEvent[] | undefined> {
    return this.#sdk.deploymentEvents(id);
  }

  getDeploymentTimeline(
    options: DeploymentTimelineOptions,
  ): Promise<DeploymentTimeline | undefined> {
    return this.#sdk.deploymentTimeline(options);
  }

  getDeploymentTasks(options: TasksOptions): Promise<TaskPage | undefined> {
    return this.#sdk.deploymentTasks(options);
  }

  getTaskTree(id: string): Promise<TaskTree | undefined> {
    return this.#sdk.taskTree(id);
  }

  deleteDeployment(
    input: DeleteDeploymentInput,
  ): Promise<DeploymentChangeResult> {
    return this.#sdk.deleteDeployment(input);
  }

  stopComponents(input: ComponentsChange): Promise<ComponentsChangeResult> {
    return this.#sdk.stopComponents(input);
  }

  startComponents(input: ComponentsChange): Promise<ComponentsChangeResult> {
    return this.#sdk.startComponents(input);
  }

  restartComponents(input: ComponentsChange): Promise<ComponentsChangeResult> {
    return this.#sdk.restartComponents(input);
  }

  runJob(input: RunJobInput): Promise<DeploymentTaskResult> {
    return this.#sdk.runJob(input);
  }

  retryTask(taskId: string): Promise<DeploymentTaskResult> {
    return this.#sdk.retryTask(taskId);
  }

  editDeployment(input: EditDeploymentInput): Promise<DeploymentChangeResult> {
    return this.#sdk.editDeployment(input);
  }

  upgradeDeployment(
    input: UpgradeDeploymentInput,
  ): Promise<DeploymentChangeResult> {
    return this.#sdk.upgradeDeployment(input);
  }

  planUpgrade(
    input: Omit<UpgradeDeploymentInput, 'dryRun' | 'plan'>,
  ): Promise<Plan> {
    return this.#sdk.plans.upgrade(input);
  }

  applyPlan(planId: string): Promise<DeploymentChangeResult> {
    return this.#sdk.plans.apply(planId);
  }

  rollbackDeployment(
    input: RollbackDeploymentInput,
  ): Promise<DeploymentChangeResult> {
    return this.#sdk.rollbacks.rollback(input);
  }

  getDeploymentBackups(
    options: DeploymentBackupsOptions,
  ): Promise<BackupPage | undefined> {
    return this.#sdk.backups.list(options);
  }

  getDeploymentRestores(deploymentId: string): Promise<Restore[] | undefined> {
    return this.#sdk.backups.restores({ id: deploymentId });
  }

  getBackup(id: string): Promise<BackupDetail | undefined> {
    return this.#sdk.backups.get(id);
  }

  createBackup(input: { deployment: string; ttl?: string }): Promise<Backup> {
    return this.#sdk.backups.create(input);
  }

  getBackupSchedule(deploymentId: string): Promise<BackupSchedule | null> {
    return this.#sdk.backups.schedule({ deployment: deploymentId });
  }

  setBackupSchedule(input: SetBackupScheduleInput): Promise<BackupSchedule> {
    return this.#sdk.backups.setSchedule(input);
  }

  deleteBackup(id: string): Promise<Backup> {
    return this.#sdk.backups.delete(id);
  }

  restoreBackup(backupId: string): Promise<Restore> {
    return this.#sdk.backups.restore(backupId);
  }

  getEnvironmentBackups(
    options: EnvironmentBackupsOptions,
  ): Promise<EnvironmentBackupSummaryPage | undefined> {
    return this.#sdk.environmentBackups.summaries(options);
  }

  getEnvironmentBackup(id: string): Promise<EnvironmentBackup | undefined> {
    return this.#sdk.environmentBackups.get(id);
  }

  createEnvironmentBackup(
    input: CreateEnvironmentBackupInput,
  ): Promise<EnvironmentBackup> {
    return this.#sdk.environmentBackups.create(input);
  }

  deleteEnvironmentBackup(id: string): Promise<EnvironmentBackup> {
    return this.#sdk.environmentBackups.delete(id);
  }

  getEnvironmentTasks(options: {
    id: string;
    first?: number;
    after?: string;
  }): Promise<TaskPage | undefined> {
    return this.#sdk.environmentOperationTasks(options);
  }

  getEnvironmentRestorePlan(
    input: RestoreEnvironmentInput,
  ): Promise<EnvironmentRestorePlan> {
    return this.#sdk.environmentRestorePlan(input);
  }

  restoreEnvironment(
    input: RestoreEnvironmentInput,
  ): Promise<EnvironmentOperation> {
    return this.#sdk.restoreEnvironment(input);
  }

  getEnvironmentClonePlan(
    input: CloneEnvironmentInput,
  ): Promise<EnvironmentClonePlan> {
    return this.#sdk.environmentClonePlan(input);
  }

  cloneEnvironment(
    input: CloneEnvironmentInput,
  ): Promise<EnvironmentOperation> {
    return this.#sdk.cloneEnvironment(input);
  }

  getEnvironmentUpgradePlan(
    input: UpgradeEnvironmentInput,
  ): Promise<EnvironmentUpgradePlan> {
    return this.#sdk.environmentUpgradePlan(input);
  }

  upgradeEnvironment(
    input: UpgradeEnvironmentInput,
  ): Promise<EnvironmentOperation> {
    return this.#sdk.upgradeEnvironment(input);
  }

  getBackupStorageLocation(
    name: string,
  ): Promise<BackupStorageLocation | undefined> {
    return this.#sdk.backupStorageLocations.get({ name });
  }

  getClusters(): Promise<Cluster[]> {
    return this.#sdk.clusters();
  }

  getCluster(name: string): Promise<Cluster | undefined> {
    return this.#sdk.cluster({ name });
  }

  getEnvironments(
    options: { cluster?: string } = {},
  ): Promise<EnvironmentWithDeployments[]> {
    return this.#sdk.environmentsWithDeployments(options);
  }

  getEnvironment(
    ref: RecordRef,
  ): Promise<EnvironmentWithDeployments | undefined> {
    return this.#sdk.environmentWithDeployments(ref);
  }

  createDeployment(
    input: CreateDeploymentInput,
  ): Promise<DeploymentChangeResult> {
    return this.#sdk.createDeployment(input);
  }

  previewClusterUpdate(input: UpdateClusterInput): Promise<Redeployment[]> {
    return this.#sdk.previewClusterUpdate(input);
  }

  updateCluster(input: UpdateClusterInput): Promise<UpdateClusterResult> {
    return this.#sdk.updateCluster(input);
  }

  rotateAgentToken(clusterId: string): Promise<ClusterWithAgentToken> {
    return this.#sdk.rotateAgentToken(clusterId);
  }

  registerCluster(input: RegisterClusterInput): Promise<ClusterWithAgentToken> {
    return this.#sdk.registerCluster(input);
  }

  getBackupStorageLocations(): Promise<BackupStorageLocation[]> {
    return this.#sdk.backupStorageLocations.list();
  }

  createEnvironment(input: CreateEnvironmentInput): Promise<Environment> {
    return this.#sdk.createEnvironment(input);
  }

  previewEnvironmentUpdate(
    input: UpdateEnvironmentInput,
  ): Promise<Redeployment[]> {
    return this.#sdk.previewEnvironmentUpdate(input);
  }

  updateEnvironment(
    input: UpdateEnvironmentInput,
  ): Promise<UpdateEnvironmentResult> {
    return this.#sdk.updateEnvironment(input);
  }

  deleteEnvironment(input: {
    id: string;
    expectedVersion?: number;
  }): Promise<Environment> {
    return this.#sdk.deleteEnvironment(input);
  }
}
