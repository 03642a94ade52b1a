/**
 * The part of the SDL about rollbacks. `styrminGraphQLSchema` includes it.
 */
export const rollbackGraphQLSchema = /* GraphQL */ `
  extend type Mutation {
    """
    Rolls a deployment back to an earlier instance, through the normal reconciliation:
    a new instance from the earlier one's declared state (its driver version and the
    configuration it was generated from), with the retired-parameter rule and the upgrade
    hooks of the version it moves to. With withData, the new instance's task ends with
    the in-place restore of the earlier instance's restore point (the backup an upgrade
    after it took first, see the environment setting backup_before_upgrade): the
    deployment is RESTORING, then RUNNING. Refused, writing nothing: an instance that is
    not earlier than the active one, or was recorded before instances kept their
    declared state, and withData without a Completed restore point (VALIDATION_FAILED on
    toInstance or withData, or CONFLICT); an unknown deployment or instance is NOT_FOUND;
    another version than expectedVersion CONFLICT. Needs styrmin.deployment.update, and
    styrmin.backup.restore with withData.
    """
    rollbackDeployment(input: RollbackDeploymentInput!): DeploymentChangeResult!
  }

  input RollbackDeploymentInput {
    "The deployment's id."
    deployment: ID!
    "The number of the earlier instance to roll back to."
    toInstance: Int!
    "Whether its restore point is restored in place too."
    withData: Boolean = false
    "The version this change applies to; the one on arrival when absent. Another is CONFLICT."
    expectedVersion: Int
  }
`;
