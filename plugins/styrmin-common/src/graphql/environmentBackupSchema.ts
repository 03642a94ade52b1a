/**
 * The part of the SDL about environment backups: one record per backup of a whole
 * environment, its constituents (ordinary backups), its status computed from them.
 * `styrminGraphQLSchema` includes it. Secret values are never part of it: of a captured
 * deployment it shows the driver version and the application version, not the parameters
 * or the component overrides.
 */
export const environmentBackupGraphQLSchema = /* GraphQL */ `
  extend type Query {
    """
    One environment backup; null when there is none (deleted). Needs
    styrmin.environmentbackup.read.
    """
    environmentBackup(id: ID!): EnvironmentBackup
  }

  extend type Mutation {
    """
    Backs up an environment in one operation: its configuration, the declared state of
    every eligible deployment (all but the deleted ones and those that FAILED at their
    creation), and one constituent backup of each (an ordinary backup with its
    create_backup task), recorded together. An unknown environment is NOT_FOUND; one
    without an eligible deployment, or whose deployment cannot be backed up now (busy, no
    configured backup storage location), CONFLICT naming it; nothing is written then.
    Needs styrmin.environmentbackup.create.
    """
    createEnvironmentBackup(
      input: CreateEnvironmentBackupInput!
    ): EnvironmentBackup!
    """
    Deletes an environment backup and its constituents: the delete_backup task of each
    constituent that is left is recorded and the record goes; the constituents go when
    their tasks succeed. The answer is the environment backup as it was, its constituents
    being deleted. A constituent that has not ended is CONFLICT, and nothing is written.
    Needs styrmin.environmentbackup.delete.
    """
    deleteEnvironmentBackup(
      input: DeleteEnvironmentBackupInput!
    ): EnvironmentBackup!
  }

  input CreateEnvironmentBackupInput {
    environment: ID!
    "The TTL of every constituent, as a Velero duration (720h) or in seconds; default 30 days."
    ttl: String
  }

  input DeleteEnvironmentBackupInput {
    id: ID!
  }

  "Computed from the constituents on every read, never stored; the first that applies."
  enum EnvironmentBackupStatus {
    "Every constituent was deleted or expired (or is being deleted)."
    GONE
    "A constituent that is left has not ended."
    IN_PROGRESS
    "A constituent that is left ended without a usable backup."
    FAILED
    "Every constituent left is Completed, but some were deleted or expired since."
    PARTIAL
    "Every constituent is Completed."
    COMPLETED
  }

  """
  A snapshot of one environment, taken in one operation: its configuration at backup
  time, the declared state of every eligible deployment, and one constituent backup each.
  """
  type EnvironmentBackup {
    id: ID!
    "The environment it is of (a deleted one too)."
    environment: Environment!
    "The environment's name at backup time."
    environmentName: String!
    "The backup storage location the environment used at backup time."
    backupStorageLocation: String
    status: EnvironmentBackupStatus!
    "One per deployment it captured, by name."
    constituents: [EnvironmentBackupConstituent!]!
    createdBy: String!
    createdAt: String!
  }

  "One deployment an environment backup captured, and its constituent backup."
  type EnvironmentBackupConstituent {
    "The deployment's name at backup time."
    deploymentName: String!
    "The deployment as it is now (a tombstone too)."
    deployment: Deployment!
    driverName: String!
    driverVersion: String!
    appVersion: String!
    "Its constituent backup; null once it was deleted or expired."
    backup: Backup
  }

  type EnvironmentBackupPage {
    "Newest first."
    nodes: [EnvironmentBackup!]!
    pageInfo: PageInfo!
  }

  extend type Environment {
    "Its environment backups, newest first. Needs styrmin.environmentbackup.read."
    environmentBackups(
      "The page size, 1 to 100."
      first: Int = 20
      "The endCursor of the page before."
      after: String
    ): EnvironmentBackupPage!
  }
`;
