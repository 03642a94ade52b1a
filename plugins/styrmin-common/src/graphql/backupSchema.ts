/**
 * The part of the SDL about backups: backup storage locations, per-deployment backups on
 * demand and on a schedule, the backup history, in-place restores. `styrminGraphQLSchema`
 * includes it. Credentials are never part of it: a location names the Kubernetes Secret
 * that holds them, and its key.
 */
export const backupGraphQLSchema = /* GraphQL */ `
  extend type Query {
    "One backup; null when there is none (expired or deleted). Needs styrmin.backup.read."
    backup(id: ID!): Backup
    "One restore; null when there is none. Needs styrmin.backup.read."
    restore(id: ID!): Restore
    "Every backup storage location, by name. Needs styrmin.bsl.read."
    backupStorageLocations: [BackupStorageLocation!]!
    """
    One backup storage location, by its id or its name (give one of them); null when
    there is none. Needs styrmin.bsl.read.
    """
    backupStorageLocation(id: ID, name: String): BackupStorageLocation
  }

  extend type Mutation {
    """
    Backs up a deployment now: a backup of its active instance and a create_backup task
    (flow CREATE_BACKUP on its cluster's pool), recorded together. A tombstone, a
    deployment without an active instance, or whose environment has no configured backup
    storage location is CONFLICT; an unknown deployment NOT_FOUND; a TTL that is not one
    VALIDATION_FAILED. Needs styrmin.backup.create.
    """
    createBackup(input: CreateBackupInput!): Backup!
    """
    Deletes a backup: a delete_backup task removes its Velero objects
    (DeleteBackupRequest), and the record goes when the task succeeds. The answer is the
    backup with its deletion. A backup whose deletion runs already answers it again; one
    that has not ended is CONFLICT. Needs styrmin.backup.delete.
    """
    deleteBackup(input: DeleteBackupInput!): Backup!
    """
    Restores a backup in place, into the deployment it was taken of: the deployment is
    RESTORING until the restore_backup task ends, RUNNING after it (FAILED with the
    reason otherwise), and its active instance does not change. The restore stops the
    components, removes the volume claims the backup holds, restores the namespace with
    existingResourcePolicy update (the claims' data are replaced, the objects the backup
    holds updated in place), and starts the components. A tombstone, a backup that is not
    Completed or has expired, or a deployment with a task running is CONFLICT, and nothing
    is written. Needs styrmin.backup.restore.
    """
    restoreBackup(input: RestoreBackupInput!): Restore!
    """
    Sets the backup schedule of a deployment (styrmin.backup.schedule) or of an
    environment (styrmin.environment.update), which its deployments without one inherit.
    Give exactly one of deployment and environment.
    """
    setBackupSchedule(input: SetBackupScheduleInput!): BackupSchedule!
    """
    Removes the backup schedule of a deployment (which inherits its environment's again)
    or of an environment. Answers whether there was one. Needs what setBackupSchedule
    needs.
    """
    removeBackupSchedule(input: RemoveBackupScheduleInput!): Boolean!
    """
    Registers a backup storage location. A taken name is CONFLICT. Needs
    styrmin.bsl.create.
    """
    createBackupStorageLocation(
      input: CreateBackupStorageLocationInput!
    ): BackupStorageLocation!
    """
    Changes a backup storage location's store (every field: what it leaves out becomes
    unset). Needs styrmin.bsl.update.
    """
    updateBackupStorageLocation(
      input: UpdateBackupStorageLocationInput!
    ): BackupStorageLocation!
    """
    Deletes a backup storage location that no environment uses and no backup is in
    (CONFLICT otherwise, saying which). Needs styrmin.bsl.delete.
    """
    deleteBackupStorageLocation(
      input: DeleteBackupStorageLocationInput!
    ): BackupStorageLocation!
  }

  input CreateBackupInput {
    "The id of the deployment."
    deployment: ID!
    "How long the backup is kept (30d, 720h, 1h30m); 30d when absent, or the schedule's."
    ttl: String
  }

  input DeleteBackupInput {
    id: ID!
  }

  input RestoreBackupInput {
    "The id of the backup: it is restored into the deployment it was taken of."
    backup: ID!
  }

  input SetBackupScheduleInput {
    deployment: ID
    environment: ID
    "Five fields, UTC (minute hour day-of-month month day-of-week), or @hourly, @daily, ..."
    cron: String!
    "The TTL of each backup it takes (30d, 720h); 30d when absent."
    ttl: String
    paused: Boolean
  }

  input RemoveBackupScheduleInput {
    deployment: ID
    environment: ID
  }

  "The Kubernetes Secret, in Velero's namespace of each cluster, that holds the credentials."
  input BackupCredentialsSecretInput {
    name: String!
    "The key of the Secret whose value is an AWS credentials file."
    key: String!
  }

  input CreateBackupStorageLocationInput {
    "Unique; the name of the Velero BackupStorageLocation the agents write."
    name: String!
    provider: BackupStorageProvider = S3
    bucket: String
    prefix: String
    region: String
    endpointUrl: String
    pathStyle: Boolean = false
    credentialsSecret: BackupCredentialsSecretInput
  }

  input UpdateBackupStorageLocationInput {
    id: ID!
    "The version this change applies to; the one on arrival when absent. Another is CONFLICT."
    expectedVersion: Int
    provider: BackupStorageProvider = S3
    bucket: String
    prefix: String
    region: String
    endpointUrl: String
    pathStyle: Boolean = false
    credentialsSecret: BackupCredentialsSecretInput
  }

  input DeleteBackupStorageLocationInput {
    id: ID!
    expectedVersion: Int
  }

  extend enum FlowName {
    CREATE_BACKUP
    RESTORE_BACKUP
    DELETE_BACKUP
  }

  extend enum TaskType {
    create_backup
    restore_backup
    delete_backup
  }

  enum BackupStorageProvider {
    "An S3-compatible object store, through Velero's AWS plugin."
    S3
  }

  enum BackupStorageLocationPhase {
    Available
    Unavailable
  }

  enum BackupTrigger {
    ON_DEMAND
    SCHEDULE
  }

  "The phase of a Velero Backup."
  enum VeleroBackupPhase {
    New
    Queued
    ReadyToStart
    FailedValidation
    InProgress
    WaitingForPluginOperations
    WaitingForPluginOperationsPartiallyFailed
    Finalizing
    FinalizingPartiallyFailed
    Completed
    PartiallyFailed
    Failed
    Deleting
  }

  "The phase of a Velero Restore."
  enum VeleroRestorePhase {
    New
    FailedValidation
    InProgress
    WaitingForPluginOperations
    WaitingForPluginOperationsPartiallyFailed
    Finalizing
    FinalizingPartiallyFailed
    Completed
    PartiallyFailed
    Failed
  }

  "The Secret that holds a location's credentials: its name and key, never its contents."
  type BackupCredentialsSecret {
    name: String!
    key: String!
  }

  """
  A backup storage location (BSL): an S3-compatible object store registered as a
  destination for Velero backups. Environments use it. Needs styrmin.bsl.read.
  """
  type BackupStorageLocation {
    id: ID!
    name: String!
    provider: BackupStorageProvider!
    bucket: String
    "The folder inside the bucket."
    prefix: String
    region: String
    endpointUrl: String
    "Path-style addressing (s3ForcePathStyle)."
    pathStyle: Boolean!
    credentialsSecret: BackupCredentialsSecret
    "Whether it has a bucket and credentials: the agents write no Velero object otherwise."
    configured: Boolean!
    "What the agent of each cluster that uses it last observed, by cluster name."
    clusters: [BackupStorageLocationStatus!]!
    version: Int!
    createdBy: String!
    createdAt: String!
    updatedBy: String!
    updatedAt: String!
  }

  "The Velero BackupStorageLocation of a location in one cluster, as its agent reports it."
  type BackupStorageLocationStatus {
    cluster: Cluster!
    phase: BackupStorageLocationPhase!
    "Velero's message: why it is Unavailable."
    message: String
    lastValidationTime: String
    "When the agent read it."
    observedAt: String!
  }

  """
  A per-deployment backup: a Velero Backup of the namespace styrmin-<deployment id>, its
  volumes included, of the instance that was active when it was taken. Its steps are its
  task's. Needs styrmin.backup.read.
  """
  type Backup {
    id: ID!
    deployment: Deployment!
    "The instance it was taken of."
    instance: Instance!
    "Needs styrmin.bsl.read."
    storageLocation: BackupStorageLocation!
    "The name of the Velero Backup."
    veleroName: String!
    trigger: BackupTrigger!
    "With trigger SCHEDULE: the schedule's slot it fills."
    scheduledFor: String
    "Its TTL as Velero takes it (720h0m0s)."
    ttl: String!
    "Who started it: a user, or the scheduler."
    createdBy: String!
    createdAt: String!
    "Null until the agent created the Velero Backup."
    phase: VeleroBackupPhase
    itemsBackedUp: Int
    totalItems: Int
    sizeBytes: Float
    "How many errors Velero reported."
    errors: Int!
    "How many warnings Velero reported."
    warnings: Int!
    "Why it failed or partly failed, in words: Velero's reason and errors."
    failureReason: String
    startedAt: String
    completedAt: String
    expiresAt: String
    "The create_backup task that takes it: its steps."
    task: Task
    "The delete_backup task that removes it, once one was recorded."
    deletion: Task
    "Whether it can be restored now (restoreBackup would start)."
    restorable: Boolean!
    "Why it cannot be restored now, in words; null when it can."
    refusal: String
  }

  "A restore of a backup. Needs styrmin.backup.read."
  type Restore {
    id: ID!
    "Null once the backup expired or was deleted."
    backup: Backup
    "The deployment restored into."
    deployment: Deployment!
    "The name of the Velero Restore."
    veleroName: String!
    "Null until the agent created the Velero Restore."
    phase: VeleroRestorePhase
    itemsRestored: Int
    totalItems: Int
    "How many errors Velero reported."
    errors: Int!
    "How many warnings Velero reported."
    warnings: Int!
    failureReason: String
    "The restore_backup task that runs it: its steps."
    task: Task
    createdBy: String!
    createdAt: String!
    startedAt: String
    completedAt: String
  }

  "A backup schedule: when a deployment is backed up on its own."
  type BackupSchedule {
    "Five fields, UTC."
    cron: String!
    "The TTL of each backup it takes, as Velero takes it (720h0m0s)."
    ttl: String!
    paused: Boolean!
    "Whether a deployment's schedule is its environment's."
    inherited: Boolean!
    "The next slot after now; null while paused."
    nextRunAt: String
  }

  type BackupPage {
    "Newest first."
    nodes: [Backup!]!
    pageInfo: PageInfo!
  }

  extend type Deployment {
    """
    Its backup history: the backups of every instance it has had, newest first, a
    tombstone's too. Needs styrmin.backup.read.
    """
    backups(
      "The page size, 1 to 100."
      first: Int = 20
      "The endCursor of the page before."
      after: String
    ): BackupPage!
    "The restores into it, newest first. Needs styrmin.backup.read."
    restores("How many, 1 to 100." first: Int = 20): [Restore!]!
    "The schedule that applies to it, its own or its environment's; null when none."
    backupSchedule: BackupSchedule
  }

  extend type Environment {
    "Its backup schedule, which its deployments without one inherit; null when none."
    backupSchedule: BackupSchedule
    "Its backup storage location; null when none. Needs styrmin.bsl.read."
    storageLocation: BackupStorageLocation
  }
`;
