/**
 * The part of the SDL about clusters: reading them, registering them, changing their
 * settings (which redeploys what they change) and rotating agent tokens.
 * `styrminGraphQLSchema` includes it.
 */
export const clusterGraphQLSchema = /* GraphQL */ `
  extend type Query {
    "Every registered cluster, by name. Needs styrmin.cluster.read."
    clusters: [Cluster!]!
    """
    One cluster, by its id or by its name (give one of them); null when there is none.
    Needs styrmin.cluster.read.
    """
    cluster(id: ID, name: String): Cluster
    """
    The deployments that updateCluster with this input would redeploy (those whose
    context the new settings change), each with its reconciliation diff. Writes nothing.
    Needs styrmin.cluster.read.
    """
    previewClusterUpdate(input: UpdateClusterInput!): [Redeployment!]!
  }

  extend type Mutation {
    """
    Registers a cluster and issues its agent token, which this answer shows once: it is
    stored hashed and never readable again. The cluster's agent claims the flow runs of
    the work pool cluster:<id>. A taken name is CONFLICT; settings that break a rule are
    VALIDATION_FAILED with every problem. Needs styrmin.cluster.create.
    """
    registerCluster(input: RegisterClusterInput!): RegisterClusterResult!
    """
    Changes a cluster's settings and redeploys, in the same transaction, every deployment
    on the cluster whose context they change (a new instance and an update_instance task
    each). Settings equal to the stored ones change nothing. Needs styrmin.cluster.update.
    """
    updateCluster(input: UpdateClusterInput!): UpdateClusterResult!
    """
    Issues a new agent token for a cluster, shown once; the old one stops working at once.
    Needs styrmin.cluster.update.
    """
    rotateAgentToken(input: RotateAgentTokenInput!): RotateAgentTokenResult!
  }

  input RegisterClusterInput {
    "A DNS label, unique among clusters."
    name: String!
    "The cluster settings (storage_class, storage_classes, ingress_class, base_domain, cluster_domain, extra); none when absent."
    settings: JSON
  }

  input UpdateClusterInput {
    id: ID!
    """
    The version of the cluster this change applies to; the version it has when the change
    arrives when absent. A cluster at another version is CONFLICT.
    """
    expectedVersion: Int
    "A JSON merge patch of the settings: what it names changes, null removes, the rest stays."
    settings: JSON!
  }

  input RotateAgentTokenInput {
    id: ID!
  }

  type RegisterClusterResult {
    cluster: Cluster!
    "The agent token, in clear, this once: give it to the cluster's agent."
    agentToken: String!
  }

  type RotateAgentTokenResult {
    cluster: Cluster!
    "The new agent token, in clear, this once."
    agentToken: String!
  }

  type UpdateClusterResult {
    cluster: Cluster!
    "Whether the settings changed."
    changed: Boolean!
    "The deployments whose context changed, redeployed."
    redeployments: [Redeployment!]!
  }

  """
  A Kubernetes cluster registered with Styrmin. Its agent token is never part of it.
  """
  type Cluster {
    id: ID!
    name: String!
    "The cluster settings every deployment on it uses, as set (snake_case keys)."
    settings: JSON!
    "The work pool whose flow runs the cluster's agent claims: cluster:<id>."
    workPool: String!
    "When the current agent token was issued (ISO 8601)."
    agentTokenRotatedAt: String!
    "When the cluster's agent last called; null until it does."
    agentLastSeenAt: String
    """
    The longest time between two recorded calls of a live agent, in seconds: it calls at
    least once per long poll, and a call is recorded at most every 30 seconds. An agent
    not seen for twice this long is stale.
    """
    agentHeartbeatSeconds: Int!
    "1 when registered, one more with each change: what expectedVersion names."
    version: Int!
    createdBy: String!
    createdAt: String!
    updatedBy: String!
    updatedAt: String!
    "Its environments that are not deleted, by name. Needs styrmin.environment.read."
    environments: [Environment!]!
  }
`;
