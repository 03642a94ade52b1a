/**
 * The part of the SDL about the Kubernetes Events of a deployment's namespace, which the
 * deployment entity's Kubernetes tab lists. `styrminGraphQLSchema` includes it.
 */
export const kubernetesEventGraphQLSchema = /* GraphQL */ `
  extend type Deployment {
    """
    The Kubernetes Events in the deployment's namespace, styrmin-<id>, newest first (by
    when each was last seen): its workloads' controllers and kubelet, and the agent's
    operator on the deployment record. Read when asked from each cluster Backstage's
    Kubernetes plugin knows, with the server's own credentials: only this namespace's
    Events, and only for a caller who may read the deployment. A cluster without the
    namespace has none. Needs styrmin.deployment.read; UNAVAILABLE when the Kubernetes plugin
    or a cluster does not answer.
    """
    events: [KubernetesEvent!]!
  }

  """
  A core v1 Event, as kubectl get events shows it.
  """
  type KubernetesEvent {
    "The name the Kubernetes plugin gives the cluster it was read from."
    cluster: String!
    "Normal or Warning."
    type: String!
    "Why it happened, in one word (Scheduled, BackOff, HelmReleaseReady)."
    reason: String!
    message: String!
    "The object it is about, as <kind>/<name> (Pod/infrahub-server-5d9c)."
    object: String!
    "The other object it names, if any, as <kind>/<name> (the operator's StyrminDeployment)."
    related: String
    "The component that reported it (kubelet, styrmin-operator)."
    source: String
    "How many times it happened."
    count: Int!
    "When it was last seen (ISO 8601)."
    lastSeen: String!
  }
`;
