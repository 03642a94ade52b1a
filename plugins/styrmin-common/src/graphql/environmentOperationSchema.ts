/**
 * The part of the SDL about the operations on a whole environment: its upgrade, its
 * restore from an environment backup and its clone. Each runs as a flow of the server's own
 * pool under one parent task (an environment task: `Task.environment` set, no
 * `Task.deployment`), whose steps start the deployments' tasks: its linked tasks, whose
 * results its task result covers. Each has a plan (a query that writes nothing) that says
 * what it would do. `styrminGraphQLSchema` includes it.
 */
export const environmentOperationGraphQLSchema = /* GraphQL */ `
  extend type Query {
    """
    What an environment upgrade would do, in the order it would do it. Writes nothing.
    Needs styrmin.environment.read.
    """
    environmentUpgradePlan(
      input: UpgradeEnvironmentInput!
    ): EnvironmentUpgradePlan!
    """
    What an environment restore would restore, and what it could not, with reasons.
    Writes nothing. Needs styrmin.environment.read.
    """
    environmentRestorePlan(
      input: RestoreEnvironmentInput!
    ): EnvironmentRestorePlan!
    "What an environment clone would create. Writes nothing. Needs styrmin.environment.read."
    environmentClonePlan(input: CloneEnvironmentInput!): EnvironmentClonePlan!
  }

  extend type Mutation {
    """
    Upgrades the deployments of an environment in the plan's order, each with its own
    upgrade task, under one parent task (upgrade_environment); a failed upgrade stops those
    after it. A plan with problems is refused (VALIDATION_FAILED, every problem at once)
    and nothing is written. Needs styrmin.environment.upgrade (operators and
    administrators).
    """
    upgradeEnvironment(input: UpgradeEnvironmentInput!): EnvironmentOperation!
    "Needs styrmin.environment.restore (administrators)."
    restoreEnvironment(input: RestoreEnvironmentInput!): EnvironmentOperation!
    "Needs styrmin.environment.clone (administrators)."
    cloneEnvironment(input: CloneEnvironmentInput!): EnvironmentOperation!
  }

  input UpgradeEnvironmentInput {
    environment: ID!
    """
    Named versions; a deployment not named goes to its driver's newest version (none
    newer: left out).
    """
    versions: [DeploymentVersionInput!]
    """
    Take an environment backup first (its constituents must complete before the first
    upgrade).
    """
    backupFirst: Boolean = false
    allowDowngrade: Boolean = false
  }

  input DeploymentVersionInput {
    deployment: ID!
    driverVersion: String!
  }

  type EnvironmentUpgradePlan {
    environment: Environment!
    """
    In the order they run: dependency order from the connections (a deployment after
    those it connects to).
    """
    upgrades: [PlannedUpgrade!]!
    "Deployments left out, with why (no newer version, not RUNNING, ...)."
    skipped: [SkippedDeployment!]!
    backupFirst: Boolean!
    "Problems that refuse the whole upgrade (each one, all at once); empty when it can start."
    problems: [String!]!
  }

  type PlannedUpgrade {
    "From 1, in the order the upgrades run."
    position: Int!
    deployment: Deployment!
    fromVersion: String!
    toVersion: String!
    "Names of the deployments it runs after."
    after: [String!]!
  }

  type SkippedDeployment {
    deploymentName: String!
    deployment: Deployment
    reason: String!
  }

  input RestoreEnvironmentInput {
    environmentBackup: ID!
  }

  enum ConstituentRefusal {
    DEPLOYMENT_DELETED
    CONSTITUENT_GONE
    CONSTITUENT_FAILED
    DEPLOYMENT_BUSY
    RESTORE_FAILED
  }

  type EnvironmentRestorePlan {
    environmentBackup: EnvironmentBackup!
    """
    Deployments that will be put back to their captured declared state and restored in
    place.
    """
    restores: [EnvironmentBackupConstituent!]!
    "Those it cannot restore, each with the deployment's name and the reason."
    unrestorable: [UnrestorableConstituent!]!
  }

  type UnrestorableConstituent {
    deploymentName: String!
    reason: ConstituentRefusal!
    message: String!
  }

  input CloneEnvironmentInput {
    source: ID!
    "The new environment's name (a DNS label, free)."
    name: String!
    "Defaults to the source's cluster."
    cluster: ID
    "Clone from this environment backup of the source; absent: take one for the clone."
    environmentBackup: ID
    """
    Overrides of the new environment on top of the source's (same shape as Environment
    overrides).
    """
    overrides: JSON
  }

  type EnvironmentClonePlan {
    source: Environment!
    name: String!
    cluster: Cluster!
    environmentBackup: EnvironmentBackup
    """
    One per eligible deployment of the backup (or of the source, when the backup is to be
    taken).
    """
    deployments: [PlannedCloneDeployment!]!
    problems: [String!]!
  }

  type PlannedCloneDeployment {
    name: String!
    driverName: String!
    driverVersion: String!
    appVersion: String!
  }

  """
  What an environment operation started: its parent task (whose linked tasks are the
  deployments' tasks).
  """
  type EnvironmentOperation {
    task: Task!
    environment: Environment!
  }

  extend type Environment {
    """
    Its environment tasks (upgrade, restore, clone), newest first. Needs
    styrmin.deployment.read.
    """
    environmentTasks(
      "The page size, 1 to 100."
      first: Int = 20
      "The endCursor of the page before."
      after: String
    ): TaskConnection!
  }

  extend type Task {
    """
    The environment it acts in: its deployment's, or for an environment task the
    environment it acts on.
    """
    environment: Environment!
  }

  extend enum FlowName {
    UPGRADE_ENVIRONMENT
    RESTORE_ENVIRONMENT
    CLONE_ENVIRONMENT
  }

  extend enum TaskType {
    upgrade_environment
    restore_environment
    clone_environment
  }
`;
