/**
 * The part of the SDL about deployments, their instances, reconciliation diffs and the
 * tasks that apply them. `styrminGraphQLSchema` includes it.
 */
export const deploymentGraphQLSchema = /* GraphQL */ `
  extend type Query {
    """
    A page of deployments, by name; tombstones only when the filter asks for them. Needs
    styrmin.deployment.read.
    """
    deployments(
      "The page size, 1 to 100."
      first: Int = 20
      "The endCursor of the page before."
      after: String
      filter: DeploymentFilter
    ): DeploymentConnection!
    """
    One deployment: by its id (tombstones included), or by its environment's name and its
    own name (not deleted). Null when there is none. Needs styrmin.deployment.read.
    """
    deployment(id: ID, environment: String, name: String): Deployment
    "One instance; null when there is none. Needs styrmin.deployment.read."
    instance(id: ID!): Instance
  }

  extend type Mutation {
    """
    Creates a deployment: validates its configuration against the driver version, stores
    its first instance and a create_instance task with its flow run in the cluster's work
    pool, and redeploys the other deployments of the environment (their contexts list the
    new one). Needs styrmin.deployment.create.
    """
    createDeployment(input: CreateDeploymentInput!): DeploymentChangeResult!
    """
    Edits a deployment's configuration with a JSON merge patch. A change whose instance
    equals the active one stores nothing (changed is false). Needs
    styrmin.deployment.update.
    """
    editDeployment(input: EditDeploymentInput!): DeploymentChangeResult!
    """
    Moves a deployment to another version of its driver (an upgrade_instance task), with an
    optional merge patch of its configuration. A retired parameter is dropped when its
    value equals its default in the current driver version (droppedParameters); otherwise
    its value goes to what the new version says replaces it (carriedOverParameters), and
    without a replacement the change is refused (RETIRED_PARAMETER_VALUE). An older driver
    version is refused unless allowDowngrade (VALIDATION_FAILED on driverVersion). One
    refusal lists every problem of the change, its prompt answers included. Needs
    styrmin.deployment.update.
    """
    upgradeDeployment(input: UpgradeDeploymentInput!): DeploymentChangeResult!
    """
    Edits the overrides of one component (a merge patch of its env, image, command, args
    and replicas). Needs styrmin.deployment.update.
    """
    editComponentOverrides(
      input: EditComponentOverridesInput!
    ): DeploymentChangeResult!
    """
    Deletes a deployment: it becomes a tombstone (state DELETING, then DELETED), its active
    instance ends, a delete_deployment task removes its workload, and the other deployments
    of its environment are redeployed. A deletion that FAILED can be started again. Needs
    styrmin.deployment.delete.
    """
    deleteDeployment(input: DeleteDeploymentInput!): DeploymentChangeResult!
    """
    Stops components of a deployment: a stop_components task whose STOP_COMPONENTS flow run
    the cluster's agent runs. A stopped component runs 0 pods and keeps its replica
    override. The deployment must be RUNNING or FAILED and not deleted (CONFLICT); every
    component must be one of its driver version's (VALIDATION_FAILED naming the others).
    Needs styrmin.deployment.update.
    """
    stopComponents(input: ComponentsInput!): DeploymentTaskResult!
    """
    Starts stopped components again (a start_components task): their replica count follows
    the replica override, the driver default, then the chart. The same rules as
    stopComponents. Needs styrmin.deployment.update.
    """
    startComponents(input: ComponentsInput!): DeploymentTaskResult!
    """
    Restarts components of a deployment as kubectl rollout restart does (a
    restart_components task whose RESTART_COMPONENTS flow run the cluster's agent runs):
    the pod template of each of their Deployments and StatefulSets gets the annotation
    kubectl.kubernetes.io/restartedAt, so their pods are replaced one by one; the task
    succeeds once every pod of the new template is ready. A stopped component stays
    stopped. The same rules as stopComponents. Needs styrmin.deployment.update.
    """
    restartComponents(input: ComponentsInput!): DeploymentTaskResult!
    """
    Runs a command in a Job of the deployment (a run_job task whose RUN_JOB flow run the
    cluster's agent runs, by the rules of execute_commands): in the component container's
    image and environment, in the Job <release>-job of the deployment's namespace, which
    stays after it ends. When the command fails, the end of its output (the last 200 lines,
    at most 64 KiB, secrets redacted) is kept on the task's step, where every user who can
    read the task reads it: do not print secrets. The deployment must be RUNNING or FAILED
    and not deleted (CONFLICT); the component must be one of its driver version's and the
    command within its bounds (VALIDATION_FAILED). Needs styrmin.deployment.update.
    """
    runJob(input: RunJobInput!): DeploymentTaskResult!
  }

  extend enum FlowName {
    RESTART_COMPONENTS
  }

  extend enum TaskType {
    restart_components
  }

  input RunJobInput {
    id: ID!
    "The version the caller saw; another is CONFLICT. The one on arrival when absent."
    expectedVersion: Int
    "The component whose container's image and environment the Job runs with."
    component: String!
    """
    The program and its arguments, run as they are (no shell): 1 to 64 arguments, at most
    16 KiB together.
    """
    command: [String!]!
    "seconds, default 600, max 3600"
    timeoutSeconds: Int
  }

  input ComponentsInput {
    id: ID!
    "The version the caller saw; another is CONFLICT. The one on arrival when absent."
    expectedVersion: Int
    "Names of components of the deployment's driver version; at least one."
    components: [String!]!
  }

  "What stopComponents, startComponents, restartComponents and runJob started."
  type DeploymentTaskResult {
    deployment: Deployment!
    task: Task!
  }

  input DeploymentFilter {
    "The id of their environment."
    environment: ID
    "Any of these states."
    states: [DeploymentState!]
    "The name of their application driver."
    driver: String
    "The version of that driver (with driver)."
    driverVersion: String
    "Tombstones too."
    includeDeleted: Boolean = false
  }

  input CreateDeploymentInput {
    "The id of the environment."
    environment: ID!
    "A DNS label, unique in the environment among the deployments not deleted."
    name: String!
    "The application driver's name."
    driver: String!
    "The application driver version."
    driverVersion: String!
    """
    The configuration: app_version, parameters (by name) and components (overrides by
    component name: env, image, command, args, replicas).
    """
    configuration: JSON!
    """
    Answers to the prompts of the setup hook's actions, by action name then prompt name
    ({ "verify-server": { "timeout_minutes": 10 } }); a prompt left out gets its default.
    Checked against the driver version's prompts. Kept with the task, for the agent only:
    never shown.
    """
    prompts: JSON
    """
    True: validate and generate exactly as the change would, and answer what it would do
    (the diff, droppedParameters, plannedSteps, the siblings it would redeploy), with
    instance and task null, storing nothing. The same errors as the change itself.
    """
    dryRun: Boolean = false
    """
    True: a dry run (whatever dryRun says) whose answer is kept as a plan (plan in the
    answer), to apply by its id with applyPlan while nothing it was computed from changed.
    """
    plan: Boolean = false
  }

  input EditDeploymentInput {
    id: ID!
    "The version this change applies to; the one on arrival when absent. Another is CONFLICT."
    expectedVersion: Int
    "A JSON merge patch of the configuration: what it names changes, null removes, the rest stays."
    configuration: JSON!
    """
    True: validate and generate exactly as the change would, and answer what it would do
    (the diff, droppedParameters, plannedSteps, the siblings it would redeploy), with
    instance and task null, storing nothing. The same errors as the change itself.
    """
    dryRun: Boolean = false
    """
    True: a dry run (whatever dryRun says) whose answer is kept as a plan (plan in the
    answer), to apply by its id with applyPlan while nothing it was computed from changed.
    """
    plan: Boolean = false
  }

  input UpgradeDeploymentInput {
    id: ID!
    expectedVersion: Int
    "The driver version to move to."
    driverVersion: String!
    "True: driverVersion may be older than the deployment's (a downgrade); refused otherwise."
    allowDowngrade: Boolean = false
    """
    A JSON merge patch of the configuration, such as a new app_version. A retired
    parameter set to null is dropped instead of carried over.
    """
    configuration: JSON
    """
    Answers to the prompts of the upgrade hook's actions of the new driver version, by
    action name then prompt name; a prompt left out gets its default. Kept with the task,
    for the agent only: never shown.
    """
    prompts: JSON
    """
    True: validate and generate exactly as the change would, and answer what it would do
    (the diff, droppedParameters, plannedSteps, the siblings it would redeploy), with
    instance and task null, storing nothing. The same errors as the change itself.
    """
    dryRun: Boolean = false
    """
    True: a dry run (whatever dryRun says) whose answer is kept as a plan (plan in the
    answer), to apply by its id with applyPlan while nothing it was computed from changed.
    """
    plan: Boolean = false
  }

  input EditComponentOverridesInput {
    id: ID!
    expectedVersion: Int
    "The component's name."
    component: String!
    "A JSON merge patch of the component's overrides; null removes them all."
    overrides: JSON
    """
    True: validate and generate exactly as the change would, and answer what it would do
    (the diff, droppedParameters, plannedSteps, the siblings it would redeploy), with
    instance and task null, storing nothing. The same errors as the change itself.
    """
    dryRun: Boolean = false
    """
    True: a dry run (whatever dryRun says) whose answer is kept as a plan (plan in the
    answer), to apply by its id with applyPlan while nothing it was computed from changed.
    """
    plan: Boolean = false
  }

  input DeleteDeploymentInput {
    id: ID!
    expectedVersion: Int
  }

  "The deployment state."
  enum DeploymentState {
    PENDING
    DEPLOYING
    RUNNING
    RESTORING
    FAILED
    DELETING
    DELETED
  }

  type DeploymentConnection {
    nodes: [Deployment!]!
    pageInfo: PageInfo!
  }

  type InstanceConnection {
    nodes: [Instance!]!
    pageInfo: PageInfo!
  }

  type PageInfo {
    "Pass as after for the next page; null on an empty page."
    endCursor: String
    hasNextPage: Boolean!
  }

  """
  The long-lived record of one application in one environment: what should run.
  """
  type Deployment {
    id: ID!
    name: String!
    "Needs styrmin.environment.read."
    environment: Environment!
    "Needs styrmin.driver.read."
    driverVersion: DriverVersion!
    "The application version."
    appVersion: String!
    """
    What the user set: app_version, parameters and component overrides. The values of
    secret parameters and secret env vars read <secret>: never send them back.
    """
    configuration: JSON!
    state: DeploymentState!
    "Why the deployment is in its state, when that needs saying."
    stateReason: String
    "1 when created, one more with each change of its intent: what expectedVersion names."
    version: Int!
    createdBy: String!
    createdAt: String!
    updatedBy: String!
    updatedAt: String!
    "When its deletion was recorded; set on a tombstone."
    deletedAt: String
    "The instance that is live; null before the first and after a deletion."
    activeInstance: Instance
    "Its instances, newest first: the timeline."
    instances(
      "The page size, 1 to 100."
      first: Int = 20
      after: String
    ): InstanceConnection!
  }

  """
  A fixed record of what was generated for a deployment at one change.
  """
  type Instance {
    id: ID!
    "1 for the deployment's first instance, one more for each after it."
    number: Int!
    deployment: Deployment!
    "Needs styrmin.driver.read."
    driverVersion: DriverVersion!
    "The context (GlobalContext), the values at its secret_paths masked as <secret>."
    context: JSON!
    "The reconciliation diff to the instance that was active before it."
    diff: [ContextChange!]!
    active: Boolean!
    "Who made the change that generated it."
    createdBy: String!
    createdAt: String!
    "The task that applies it."
    task: Task
    """
    The backup its upgrade took before changing anything (the environment's
    backup_before_upgrade): what a rollback with data restores. Null when it took none, or
    the backup is deleted. Needs styrmin.backup.read.
    """
    restorePoint: Backup
    "For an instance that a rollback made: the earlier instance whose declared state it applies again."
    rollbackTo: Instance
    "Whether it is a rollback with data: its task restores the restore point of the instance after rollbackTo in place, last."
    restoresData: Boolean!
  }

  enum ContextChangeKind {
    ADDED
    REMOVED
    CHANGED
  }

  "One value of the context that an instance adds, removes or changes."
  type ContextChange {
    "Where the value sits: components.server.replicas."
    path: String!
    kind: ContextChangeKind!
    "Null for an added value; <secret> for a secret one."
    before: JSON
    "Null for a removed value; <secret> for a secret one."
    after: JSON
    secret: Boolean!
  }

  "A deployment that a change redeploys (in a preview: would redeploy)."
  type Redeployment {
    deployment: Deployment!
    diff: [ContextChange!]!
    "The flow that applies the new instance."
    flow: FlowName!
    "The new active instance; null in a preview."
    instance: Instance
    "The task that applies it; null in a preview."
    task: Task
  }

  type DeploymentChangeResult {
    "The deployment after the change; in a dry run, as the change would leave it."
    deployment: Deployment!
    """
    Whether anything was stored (in a dry run: would be); false when the new instance
    equals the active one.
    """
    changed: Boolean!
    "The new active instance; null when nothing changed, for a deletion, and in a dry run."
    instance: Instance
    "The task that applies the change; null when nothing changed, and in a dry run."
    task: Task
    "The reconciliation diff of the new instance."
    diff: [ContextChange!]!
    """
    The names of the steps of the task that applies the change, in the order they run
    (a hook's mode is one step); empty when nothing changed.
    """
    plannedSteps: [String!]!
    """
    The driver actions that the task runs, in the order of their modes (pre, core, post),
    with the prompts they ask for; empty when the flow runs no hook.
    """
    plannedActions: [DriverAction!]!
    "Retired parameters whose values equalled their defaults, dropped by an upgrade."
    droppedParameters: [String!]!
    "Retired parameters whose values an upgrade carried over to what replaces them."
    carriedOverParameters: [CarriedOverParameter!]!
    "The other deployments of the environment that the change redeploys."
    siblings: [Redeployment!]!
    "The plan kept of a change asked with plan: true; null otherwise."
    plan: Plan
  }

  "A retired parameter's value that an upgrade carried over to what replaces it."
  type CarriedOverParameter {
    "The retired parameter."
    parameter: String!
    "Where its value went: components.<component>.replicas, a replica override."
    field: String!
    value: JSON!
  }
`;
