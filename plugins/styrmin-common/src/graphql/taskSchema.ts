/**
 * The part of the SDL about tasks as users follow them (their steps as a tree, with each
 * failed attempt's error and output tail) and the observed state of deployments
 * (DeploymentStatus and PodStatus). `styrminGraphQLSchema` includes it.
 */
export const taskGraphQLSchema = /* GraphQL */ `
  extend type Query {
    "One task; null when there is none. Needs styrmin.deployment.read."
    task(id: ID!): Task
    """
    The tasks whose ids start with prefix (the start of an id, as tasks list shows it),
    oldest first: what a prefix names, none, one or several. VALIDATION_FAILED for a
    prefix that no id can start with. Needs styrmin.deployment.read.
    """
    tasksByIdPrefix(
      prefix: String!
      "How many at most, 1 to 100."
      first: Int = 10
    ): [Task!]!
  }

  extend type Mutation {
    """
    Retries a failed task: a new task of the same change, by the same flow with the same
    parameters. A task that applied an instance applies the same instance again (the
    deployment DEPLOYING), stop, start and restart act on the same components, run_job
    runs the same job, a failed deletion starts again. Needs what the task's kind needs:
    styrmin.deployment.create for create_instance, styrmin.deployment.delete for
    delete_deployment, styrmin.deployment.update for the others. CONFLICT, with nothing
    written, for a task that did not fail, one that a hook's step started (retry that
    task), a backup or environment task, and one whose deployment moved on (it is no
    longer the deployment's newest task, backups aside); NOT_FOUND for an unknown task.
    """
    retryTask(input: RetryTaskInput!): DeploymentTaskResult!
  }

  input RetryTaskInput {
    "The failed task."
    task: ID!
  }

  extend type Deployment {
    "Its tasks, newest first. Needs styrmin.deployment.read."
    tasks(
      "The page size, 1 to 100."
      first: Int = 20
      "The endCursor of the page before."
      after: String
      """
      Only the tasks that no step started: a task that a hook's step started is part of
      that task, listed under its step (Step.startedTasks).
      """
      topLevel: Boolean = false
    ): TaskConnection!
    "Its newest task, with the result users follow; null before the first."
    latestTask: Task
    """
    DeploymentStatus: the latest .status of its StyrminDeployment resource, as the agent
    reported it; null before the first report and on a tombstone.
    """
    deploymentStatus: DeploymentStatus
    "Its pods (PodStatus), as the agent last reported them, by name."
    pods: [PodStatus!]!
    """
    The components its active instance's driver version declares, by name, each with the
    replicas it should run and the pods the agent reports of it; empty without an active
    instance (a tombstone).
    """
    components: [DeploymentComponent!]!
    """
    The services its active instance's driver version declares, by name, with their
    addresses in the cluster; empty without an active instance.
    """
    services: [DeployedService!]!
  }

  "A component of a deployment: what should run of it and what runs."
  type DeploymentComponent {
    name: String!
    """
    The replica count of the active instance's context: the replica override, else the
    driver default (1 for a singleton); null when the chart's own count applies.
    """
    desiredReplicas: Int
    "Its pods, as the agent last reported them."
    pods: Int!
    "Its pods that are ready."
    readyReplicas: Int!
    singleton: Boolean!
    """
    Whether it is stopped: the operator keeps it at 0 pods (stoppedComponents of the
    DeploymentStatus) while desiredReplicas says what it runs once started.
    """
    stopped: Boolean!
  }

  "A service of a deployment: a Kubernetes Service in its namespace."
  type DeployedService {
    name: String!
    "The component whose pods serve it."
    component: String!
    "<service>.<namespace>.svc.<cluster domain>"
    host: String!
    port: Int!
    "http://<host>:<port>"
    url: String!
    """
    Where it is reached from outside the cluster, through its Ingress
    (https://<service>-<deployment>-<environment>.<base domain><path>, http without TLS);
    null for a service its driver does not expose or on a cluster without base_domain.
    """
    externalUrl: String
    "TCP, UDP or SCTP."
    protocol: String!
    "The Service type: ClusterIP, NodePort or LoadBalancer."
    type: String!
  }

  extend type Environment {
    """
    The tasks of its deployments, tombstones included, newest first. Needs
    styrmin.deployment.read.
    """
    tasks(
      "The page size, 1 to 100."
      first: Int = 20
      "The endCursor of the page before."
      after: String
      """
      Only the tasks that no step started: a task that a hook's step started is part of
      that task, listed under its step (Step.startedTasks).
      """
      topLevel: Boolean = false
    ): TaskConnection!
  }

  type TaskConnection {
    nodes: [Task!]!
    pageInfo: PageInfo!
  }

  extend type Task {
    "The deployment it acts on; null for an environment task (Task.environment)."
    deployment: Deployment
    """
    Why it was started, when its author did not start it directly: a change of the
    cluster's settings or the environment's overrides, a change of a sibling deployment, a
    hook's action, a backup schedule. Null for a task that its author started.
    """
    cause: TaskCause
    "With type run_job: the component it ran in and the command it ran."
    job: TaskJob
  }

  "The job of a run_job task, as runJob recorded it."
  type TaskJob {
    "The component in whose container's image and environment it ran."
    component: String!
    "The program and its arguments, run without a shell."
    command: [String!]!
    timeoutSeconds: Int!
  }

  "What made a task that its author did not start directly."
  enum TaskCauseKind {
    CLUSTER_SETTINGS
    ENVIRONMENT_SETTINGS
    DEPLOYMENT_CHANGE
    HOOK
    SCHEDULE
    "An automatic rollback: the record is the upgrade task that failed."
    ROLLBACK
  }

  "Why a task was started."
  type TaskCause {
    kind: TaskCauseKind!
    "For people: redeployed because cluster sandbox changed ingress_class."
    message: String!
    "The entity ref of the user who made the change; null for a schedule."
    causedBy: String
    "The record the change was made on."
    record: TaskCauseRecord
  }

  enum TaskCauseRecordType {
    cluster
    environment
    deployment
    "The task whose hook step started this one (its name is the step's), or the failed upgrade a rollback undoes (its name is the step that failed)."
    task
  }

  "A record that a task's cause names."
  type TaskCauseRecord {
    type: TaskCauseRecordType!
    id: ID!
    name: String!
  }

  extend type Step {
    id: ID!
    """
    The error of each failed attempt, oldest first, with the end of the failed command's
    output. Every reader sees them: secrets are redacted when they are recorded.
    """
    errors: [StepAttemptError!]!
    """
    The tasks that this (hook) step started, oldest first: the tree under it. Their results
    are part of this task's result.
    """
    startedTasks: [Task!]!
    "With SUPERSEDED: the task that interrupted the step."
    supersededBy: Task
    """
    With SUCCEEDED: the end of the output of the command it ran (a run_job task's Job),
    within the bounds of a failed attempt's outputTail and redacted the same way.
    """
    outputTail: String
  }

  "The error of one failed attempt of a step."
  type StepAttemptError {
    "The step's attempt, from 1."
    attempt: Int!
    message: String!
    "The end of the failed command's output: the last 200 lines, at most 64 KiB."
    outputTail: String
    occurredAt: String!
  }

  "The latest .status of a deployment's StyrminDeployment resource."
  type DeploymentStatus {
    "The .status as the operator wrote it: observedGeneration and conditions."
    status: JSON!
    "Its Ready condition: true, false, or null when unknown or absent."
    ready: Boolean
    "The Ready condition's reason."
    reason: String
    "The Ready condition's message."
    message: String
    "When the agent read the newest snapshot that changed anything of the deployment."
    observedAt: String!
    updatedAt: String!
  }

  enum PodPhase {
    Pending
    Running
    Succeeded
    Failed
    Unknown
  }

  "The observed state of one pod of a deployment."
  type PodStatus {
    name: String!
    phase: PodPhase!
    ready: Boolean!
    "The sum of its containers' restart counts."
    restarts: Int!
    startedAt: String
    "The driver component whose label selector matches it."
    component: String
    "Why it is not ready, when a container says so."
    reason: String
    observedAt: String!
  }

  enum FlowName {
    CREATE_INSTANCE
    UPDATE_INSTANCE
    UPGRADE_INSTANCE
    DELETE
    STOP_COMPONENTS
    START_COMPONENTS
    RUN_JOB
  }

  enum FlowRunState {
    SCHEDULED
    RUNNING
    SUCCEEDED
    FAILED
    CRASHED
  }

  enum TaskType {
    create_instance
    update_instance
    upgrade_instance
    stop_components
    start_components
    run_job
    delete_deployment
  }

  enum StepStatus {
    PENDING
    RUNNING
    SUCCEEDED
    FAILED
    SUPERSEDED
  }

  enum TaskResult {
    RUNNING
    FAILED
    SUPERSEDED
    SUCCEEDED
  }

  "One asynchronous operation on a deployment or an environment. Needs styrmin.deployment.read."
  type Task {
    id: ID!
    type: TaskType!
    "The state of its flow run, and nothing else."
    status: FlowRunState!
    "The task result, computed on every read from its steps and the tasks they started."
    result: TaskResult!
    createdBy: String!
    createdAt: String!
    flowRun: FlowRun!
    "Its steps, in the order they run."
    steps: [Step!]!
  }

  "One run of a flow in a work pool."
  type FlowRun {
    id: ID!
    "server, or cluster:<id> for the agent of a cluster."
    pool: String!
    flowName: FlowName!
    state: FlowRunState!
    attempts: Int!
    maxAttempts: Int!
    createdAt: String!
  }

  "One unit of work inside a task."
  type Step {
    name: String!
    position: Int!
    status: StepStatus!
    attempts: Int!
    startedAt: String
    endedAt: String
    """
    What the step's latest ended attempt did, in order: the namespace it made, the
    HelmRelease revision it waited for, the Job an action's executeCommands deleted. At most
    20 lines of at most 500 characters; every reader sees them, secrets redacted.
    """
    lines: [String!]!
  }
`;
