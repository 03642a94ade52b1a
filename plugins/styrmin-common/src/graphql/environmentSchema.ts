/**
 * The part of the SDL about environments. `styrminGraphQLSchema` includes it.
 */
export const environmentGraphQLSchema = /* GraphQL */ `
  extend type Query {
    """
    The environments that are not deleted, by name; of one cluster when it is given.
    Needs styrmin.environment.read.
    """
    environments(cluster: ID): [Environment!]!
    """
    One environment that is not deleted, by its id or its name (give one of them); null
    when there is none. Needs styrmin.environment.read.
    """
    environment(id: ID, name: String): Environment
    """
    The deployments that updateEnvironment with this input would redeploy, each with its
    reconciliation diff. Writes nothing. Needs styrmin.environment.read.
    """
    previewEnvironmentUpdate(input: UpdateEnvironmentInput!): [Redeployment!]!
  }

  extend type Mutation {
    """
    Creates an environment in a cluster. A taken name is CONFLICT; an unknown cluster
    NOT_FOUND. Needs styrmin.environment.create.
    """
    createEnvironment(input: CreateEnvironmentInput!): Environment!
    """
    Changes an environment's overrides, settings or backup storage location, and redeploys, in the
    same transaction, every deployment of the environment whose context they change.
    Needs styrmin.environment.update.
    """
    updateEnvironment(input: UpdateEnvironmentInput!): UpdateEnvironmentResult!
    """
    Deletes an environment that has no deployments left but tombstones (which keep it, as
    deleted). One with deployments is CONFLICT. Needs styrmin.environment.delete.
    """
    deleteEnvironment(input: DeleteEnvironmentInput!): Environment!
  }

  input CreateEnvironmentInput {
    "A DNS label, unique among the environments that are not deleted."
    name: String!
    "The id of its cluster."
    cluster: ID!
    "The cluster settings its deployments use instead of the cluster's; none when absent."
    overrides: JSON
    "Its EnvironmentSettings (backup_before_upgrade, rollback_on_failed_upgrade); none when absent."
    settings: JSON
    "The name of its backup storage location."
    backupStorageLocation: String
  }

  input UpdateEnvironmentInput {
    id: ID!
    "The version this change applies to; the one on arrival when absent. Another is CONFLICT."
    expectedVersion: Int
    "A JSON merge patch of the overrides; absent leaves them."
    overrides: JSON
    "A JSON merge patch of the settings; absent leaves them. A change of them redeploys nothing."
    settings: JSON
    "The name of the backup storage location; null removes it, absent leaves it."
    backupStorageLocation: String
  }

  input DeleteEnvironmentInput {
    id: ID!
    expectedVersion: Int
  }

  type UpdateEnvironmentResult {
    environment: Environment!
    "Whether the environment changed."
    changed: Boolean!
    "The deployments whose context changed, redeployed."
    redeployments: [Redeployment!]!
  }

  """
  A logical deployment target in one cluster, such as dev or prod.
  """
  type Environment {
    id: ID!
    name: String!
    "Needs styrmin.cluster.read."
    cluster: Cluster!
    "The cluster settings its deployments use instead of the cluster's, as set."
    overrides: JSON!
    "How it treats its deployments' upgrades (EnvironmentSettings: restore points, automatic rollback), as set."
    settings: JSON!
    "The name of the backup storage location its deployments back up to."
    backupStorageLocation: String
    version: Int!
    createdBy: String!
    createdAt: String!
    updatedBy: String!
    updatedAt: String!
    "When it was deleted; set only on the environment of a tombstone."
    deletedAt: String
    "Its deployments that are not deleted, by name. Needs styrmin.deployment.read."
    deployments: [Deployment!]!
  }
`;
