import {
  Cluster,
  clusterOperation,
  clustersOperation,
  ClusterWithAgentToken,
  createDeploymentOperation,
  CreateDeploymentInput,
  createEnvironmentOperation,
  CreateEnvironmentInput,
  deleteDeploymentOperation,
  startComponentsOperation,
  restartComponentsOperation,
  stopComponentsOperation,
  runJobOperation,
  retryTaskOperation,
  tasksByIdPrefixOperation,
  RunJobInput,
  ComponentsInput,
  DeleteDeploymentInput,
  DeploymentTaskResult,
  deleteEnvironmentOperation,
  deploymentOperation,
  DeploymentChangeResult,
  DeploymentObservedState,
  deploymentObservedStateOperation,
  deploymentEventsOperation,
  KubernetesEvent,
  deploymentTasksOperation,
  DeploymentPage,
  DeploymentRef,
  deploymentsOperation,
  DeploymentsOptions,
  deploymentTimelineOperation,
  DeploymentTimeline,
  DeploymentTimelineOptions,
  DeploymentWithInstance,
  Driver,
  driverOperation,
  driversOperation,
  DriverVersion,
  driverVersionOperation,
  editComponentOverridesOperation,
  EditComponentOverridesInput,
  editDeploymentOperation,
  EditDeploymentInput,
  Environment,
  environmentOperation,
  environmentsOperation,
  environmentsWithDeploymentsOperation,
  EnvironmentWithDeployments,
  environmentWithDeploymentsOperation,
  environmentTasksOperation,
  Instance,
  instanceOperation,
  LoadDriverInput,
  loadDriverOperation,
  LoadDriverResult,
  previewClusterUpdateOperation,
  previewEnvironmentUpdateOperation,
  RecordRef,
  Redeployment,
  registerClusterOperation,
  RegisterClusterInput,
  rotateAgentTokenOperation,
  serverInfoOperation,
  ServerInfo,
  StyrminOperation,
  TaskByIdPrefix,
  TaskDetail,
  taskOperation,
  TaskPage,
  TasksOptions,
  TaskTree,
  updateClusterOperation,
  UpdateClusterInput,
  UpdateClusterResult,
  updateEnvironmentOperation,
  UpdateEnvironmentInput,
  UpdateEnvironmentResult,
  upgradeDeploymentOperation,
  UpgradeDeploymentInput,
} from './operations';
import {
  cloneEnvironmentOperation,
  CloneEnvironmentInput,
  EnvironmentClonePlan,
  environmentClonePlanOperation,
  EnvironmentOperation,
  EnvironmentRestorePlan,
  environmentRestorePlanOperation,
  restoreEnvironmentOperation,
  RestoreEnvironmentInput,
  EnvironmentUpgradePlan,
  environmentUpgradePlanOperation,
  environmentOperationTasksOperation,
  EnvironmentOperationTasksOptions,
  upgradeEnvironmentOperation,
  UpgradeEnvironmentInput,
} from './operations/environmentOperations';
import { BackupsClient, BackupStorageLocationsClient } from './backups';
import { EnvironmentBackupsClient } from './environmentBackups';
import { PlansClient } from './plans';
import { RollbacksClient } from './rollback';
import {
  GraphQLTransport,
  GraphQLVariables,
  StyrminClientOptions,
} from './GraphQLTransport';

/**
 * The typed client of the Styrmin GraphQL API, shared by styrminctl, the agent and the UI.
 * Every failure rejects with a {@link StyrminApiError}.
 *
 * @public
 */
export class StyrminClient {
  readonly #transport: GraphQLTransport;
  /** The backups of deployments, their in-place restores and backup schedules. */
  readonly backups: BackupsClient;
  /** The backup storage locations that administrators register. */
  readonly backupStorageLocations: BackupStorageLocationsClient;
  /** The environment backups: one record and one constituent backup per deployment. */
  readonly environmentBackups: EnvironmentBackupsClient;
  /** The plans of changes, applied by their ids. */
  readonly plans: PlansClient;
  /** Rollbacks of deployments to earlier instances, with or without their data. */
  readonly rollbacks: RollbacksClient;

  static create(options: StyrminClientOptions): StyrminClient {
    return new StyrminClient(GraphQLTransport.create(options));
  }

  private constructor(transport: GraphQLTransport) {
    this.#transport = transport;
    const parts = {
      execute: this.#execute.bind(this),
      growTree: (task: TaskDetail) => this.#growTree(task, new Set([task.id])),
    };
    this.backups = BackupsClient.create(parts);
    this.backupStorageLocations = BackupStorageLocationsClient.create(parts);
    this.environmentBackups = EnvironmentBackupsClient.create(parts);
    this.plans = PlansClient.create(parts);
    this.rollbacks = RollbacksClient.create(parts);
  }

  /** The server that answers: its version, installation and database. */
  serverInfo(): Promise<ServerInfo> {
    return this.#execute(serverInfoOperation);
  }

  /** Every application driver with its loaded versions, by name. */
  drivers(): Promise<Driver[]> {
    return this.#execute(driversOperation);
  }

  /** One application driver, or undefined when no version of it is loaded. */
  driver(name: string): Promise<Driver | undefined> {
    return this.#execute(driverOperation, { name });
  }

  /** One application driver version, or undefined when it is not loaded. */
  driverVersion(options: {
    name: string;
    version: string;
  }): Promise<DriverVersion | undefined> {
    return this.#execute(driverVersionOperation, options);
  }

  /**
   * Loads an application driver version. A version loaded before with the same content
   * comes back with `created: false`; with other content the call fails with `CONFLICT`,
   * and a driver with problems with `VALIDATION_FAILED` and the problems in
   * {@link StyrminApiError.problems}.
   */
  loadDriver(input: LoadDriverInput): Promise<LoadDriverResult> {
    return this.#execute(loadDriverOperation, { input });
  }

  /** Every registered cluster, by name. */
  clusters(): Promise<Cluster[]> {
    return this.#execute(clustersOperation);
  }

  /** One cluster by its id or its name, or undefined when there is none. */
  cluster(ref: RecordRef): Promise<Cluster | undefined> {
    return this.#execute(clusterOperation, ref);
  }

  /** Registers a cluster; the agent token in the result is shown this once. */
  registerCluster(input: RegisterClusterInput): Promise<ClusterWithAgentToken> {
    return this.#execute(registerClusterOperation, { input });
  }

  /**
   * Changes a cluster's settings (a merge patch) and redeploys the deployments whose
   * context they change.
   */
  updateCluster(input: UpdateClusterInput): Promise<UpdateClusterResult> {
    return this.#execute(updateClusterOperation, { input });
  }

  /** The deployments that `updateCluster(input)` would redeploy; changes nothing. */
  previewClusterUpdate(input: UpdateClusterInput): Promise<Redeployment[]> {
    return this.#execute(previewClusterUpdateOperation, { input });
  }

  /** Issues a new agent token, shown this once; the old one stops working. */
  rotateAgentToken(id: string): Promise<ClusterWithAgentToken> {
    return this.#execute(rotateAgentTokenOperation, { input: { id } });
  }

  /** The environments that are not deleted, of one cluster (by id) when it is given. */
  environments(options: { cluster?: string } = {}): Promise<Environment[]> {
    return this.#execute(environmentsOperation, options);
  }

  /** One environment by its id or its name, or undefined when there is none. */
  environment(ref: RecordRef): Promise<Environment | undefined> {
    return this.#execute(environmentOperation, ref);
  }

  /**
   * The environments that are not deleted, of one cluster (by id) when it is given, each
   * with its deployments, their states and how their newest tasks went.
   */
  environmentsWithDeployments(
    options: { cluster?: string } = {},
  ): Promise<EnvironmentWithDeployments[]> {
    return this.#execute(environmentsWithDeploymentsOperation, options);
  }

  /** One environment with its deployments, or undefined when there is none. */
  environmentWithDeployments(
    ref: RecordRef,
  ): Promise<EnvironmentWithDeployments | undefined> {
    return this.#execute(environmentWithDeploymentsOperation, ref);
  }

  createEnvironment(input: CreateEnvironmentInput): Promise<Environment> {
    return this.#execute(createEnvironmentOperation, { input });
  }

  /**
   * Changes an environment's overrides (a merge patch) or backup storage location, and
   * redeploys the deployments whose context they change.
   */
  updateEnvironment(
    input: UpdateEnvironmentInput,
  ): Promise<UpdateEnvironmentResult> {
    return this.#execute(updateEnvironmentOperation, { input });
  }

  /** The deployments that `updateEnvironment(input)` would redeploy; changes nothing. */
  previewEnvironmentUpdate(
    input: UpdateEnvironmentInput,
  ): Promise<Redeployment[]> {
    return this.#execute(previewEnvironmentUpdateOperation, { input });
  }

  /** Deletes an environment without deployments. */
  deleteEnvironment(input: {
    id: string;
    expectedVersion?: number;
  }): Promise<Environment> {
    return this.#execute(deleteEnvironmentOperation, { input });
  }

  /**
   * What `upgradeEnvironment` would do, in the order it would do it (a deployment after
   * those it connects to), what it leaves out and why, and what refuses it; writes nothing.
   */
  environmentUpgradePlan(
    input: UpgradeEnvironmentInput,
  ): Promise<EnvironmentUpgradePlan> {
    return this.#execute(environmentUpgradePlanOperation, { input });
  }

  /**
   * Upgrades an environment's deployments one after the other (operators and
   * administrators): its parent task, whose steps start each deployment's upgrade task.
   * A plan with problems is VALIDATION_FAILED with every problem.
   */
  upgradeEnvironment(
    input: UpgradeEnvironmentInput,
  ): Promise<EnvironmentOperation> {
    return this.#execute(upgradeEnvironmentOperation, { input });
  }

  /** What `restoreEnvironment` would restore, and what it could not with why; writes nothing. */
  environmentRestorePlan(
    input: RestoreEnvironmentInput,
  ): Promise<EnvironmentRestorePlan> {
    return this.#execute(environmentRestorePlanOperation, { input });
  }

  /** Restores an environment from an environment backup (administrators): its parent task. */
  restoreEnvironment(
    input: RestoreEnvironmentInput,
  ): Promise<EnvironmentOperation> {
    return this.#execute(restoreEnvironmentOperation, { input });
  }

  /** What `cloneEnvironment` would create, and what refuses it; writes nothing. */
  environmentClonePlan(
    input: CloneEnvironmentInput,
  ): Promise<EnvironmentClonePlan> {
    return this.#execute(environmentClonePlanOperation, { input });
  }

  /** Clones an environment (administrators): the new environment and its parent task. */
  cloneEnvironment(
    input: CloneEnvironmentInput,
  ): Promise<EnvironmentOperation> {
    return this.#execute(cloneEnvironmentOperation, { input });
  }

  /** A page of deployments, by name. */
  deployments(options: DeploymentsOptions = {}): Promise<DeploymentPage> {
    return this.#execute(deploymentsOperation, { ...options });
  }

  /** One deployment with its active instance, or undefined when there is none. */
  deployment(ref: DeploymentRef): Promise<DeploymentWithInstance | undefined> {
    return this.#execute(deploymentOperation, ref);
  }

  /** A page of a deployment's instances, newest first; undefined for an unknown one. */
  deploymentTimeline(
    options: DeploymentTimelineOptions,
  ): Promise<DeploymentTimeline | undefined> {
    return this.#execute(deploymentTimelineOperation, { ...options });
  }

  /** One instance, or undefined when there is none. */
  instance(id: string): Promise<Instance | undefined> {
    return this.#execute(instanceOperation, { id });
  }

  /**
   * Creates a deployment: its first instance and the task that applies it, and the
   * redeployment of its environment's other deployments.
   */
  createDeployment(
    input: CreateDeploymentInput,
  ): Promise<DeploymentChangeResult> {
    return this.#execute(createDeploymentOperation, { input });
  }

  /**
   * Edits a deployment's configuration (a merge patch); `changed` is false when the new
   * instance equals the active one and nothing was stored.
   */
  editDeployment(input: EditDeploymentInput): Promise<DeploymentChangeResult> {
    return this.#execute(editDeploymentOperation, { input });
  }

  /** Moves a deployment to another version of its driver. */
  upgradeDeployment(
    input: UpgradeDeploymentInput,
  ): Promise<DeploymentChangeResult> {
    return this.#execute(upgradeDeploymentOperation, { input });
  }

  /** Edits the overrides of one component (a merge patch). */
  editComponentOverrides(
    input: EditComponentOverridesInput,
  ): Promise<DeploymentChangeResult> {
    return this.#execute(editComponentOverridesOperation, { input });
  }

  /** Deletes a deployment, which stays as a tombstone. */
  deleteDeployment(
    input: DeleteDeploymentInput,
  ): Promise<DeploymentChangeResult> {
    return this.#execute(deleteDeploymentOperation, { input });
  }

  /**
   * Stops components of a deployment (a stop_components task): each runs 0 pods and keeps
   * its replica override.
   */
  stopComponents(input: ComponentsInput): Promise<DeploymentTaskResult> {
    return this.#execute(stopComponentsOperation, { input });
  }

  /** Starts stopped components again (a start_components task). */
  startComponents(input: ComponentsInput): Promise<DeploymentTaskResult> {
    return this.#execute(startComponentsOperation, { input });
  }

  /**
   * Restarts components (a restart_components task), as `kubectl rollout restart` does:
   * their workloads replace their pods one by one.
   */
  restartComponents(input: ComponentsInput): Promise<DeploymentTaskResult> {
    return this.#execute(restartComponentsOperation, { input });
  }

  /**
   * Runs a command in a Job of a deployment (a run_job task), in a component container's
   * image and environment. When it fails, its step keeps the end of its output.
   */
  runJob(input: RunJobInput): Promise<DeploymentTaskResult> {
    return this.#execute(runJobOperation, { input });
  }

  /**
   * Retries a failed task: a new task of the same change (the same instance, components
   * or job), with the permission that the task's kind needs. CONFLICT for a task that did
   * not fail or whose deployment moved on.
   */
  retryTask(taskId: string): Promise<DeploymentTaskResult> {
    return this.#execute(retryTaskOperation, { input: { task: taskId } });
  }

  /**
   * The tasks whose ids start with `prefix`, oldest first (at most `first`, 10 by
   * default): what a prefix of an id names. VALIDATION_FAILED for a prefix that no id can
   * start with.
   */
  tasksByIdPrefix(
    prefix: string,
    options: { first?: number } = {},
  ): Promise<TaskByIdPrefix[]> {
    return this.#execute(tasksByIdPrefixOperation, { prefix, ...options });
  }

  /** One task with its steps in detail, or undefined when there is none. */
  task(id: string): Promise<TaskDetail | undefined> {
    return this.#execute(taskOperation, { id });
  }

  /**
   * One task with the tasks its steps started, at any depth, each in detail: one request
   * per level of the tree. Undefined when there is none.
   */
  async taskTree(id: string): Promise<TaskTree | undefined> {
    const task = await this.task(id);
    return task && this.#growTree(task, new Set([task.id]));
  }

  /** A page of a deployment's tasks, newest first; undefined for an unknown deployment. */
  deploymentTasks(options: TasksOptions): Promise<TaskPage | undefined> {
    return this.#execute(deploymentTasksOperation, { ...options });
  }

  /**
   * A page of the tasks of an environment's deployments, newest first; undefined for an
   * unknown environment.
   */
  environmentTasks(options: TasksOptions): Promise<TaskPage | undefined> {
    return this.#execute(environmentTasksOperation, { ...options });
  }

  /**
   * A page of an environment's environment tasks (upgrade, restore, clone), newest first;
   * undefined for an unknown environment.
   */
  environmentOperationTasks(
    options: EnvironmentOperationTasksOptions,
  ): Promise<TaskPage | undefined> {
    return this.#execute(environmentOperationTasksOperation, { ...options });
  }

  /** A deployment's state, newest task, DeploymentStatus and pods. */
  deploymentObservedState(
    id: string,
  ): Promise<DeploymentObservedState | undefined> {
    return this.#execute(deploymentObservedStateOperation, { id });
  }

  /**
   * The Kubernetes Events of a deployment's namespace, newest first; undefined for an
   * unknown deployment.
   */
  deploymentEvents(id: string): Promise<KubernetesEvent[] | undefined> {
    return this.#execute(deploymentEventsOperation, { id });
  }

  /**
   * Runs any GraphQL document against the Styrmin API and returns its `data`. Prefer the typed
   * methods; this is for operations the SDK does not wrap yet.
   */
  request<TData>(query: string, variables?: GraphQLVariables): Promise<TData> {
    return this.#transport.post<TData>({ query, variables });
  }

  /** The tasks under a task's steps, fetched level by level; each task once. */
  async #growTree(task: TaskDetail, seen: Set<string>): Promise<TaskTree> {
    const steps = await Promise.all(
      task.steps.map(async step => {
        const children = step.startedTasks.filter(child => !seen.has(child.id));
        children.forEach(child => seen.add(child.id));
        const details = await Promise.all(
          children.map(child => this.task(child.id)),
        );
        return {
          ...step,
          startedTasks: await Promise.all(
            details
              .filter((detail): detail is TaskDetail => detail !== undefined)
              .map(detail => this.#growTree(detail, seen)),
          ),
        };
      }),
    );
    return { ...task, steps };
  }

  async #execute<TData, TResult>(
    operation: StyrminOperation<TData, TResult>,
    variables?: GraphQLVariables,
  ): Promise<TResult> {
    const data = await this.#transport.post<TData>({
      query: operation.document,
      variables,
      operationName: operation.operationName,
    });
    return operation.result(data);
  }
}
