/**
 * The plans of changes (issue 19): `plan: true` on a change's input stores its dry run as
 * a plan, which `applyPlan` applies by id while nothing it was computed from changed.
 * `styrminGraphQLSchema` includes it.
 */
export const planGraphQLSchema = /* GraphQL */ `
  extend type Query {
    "A plan by its id; null for an unknown one. Needs styrmin.deployment.read."
    plan(id: ID!): Plan
  }

  extend type Mutation {
    """
    Applies a plan by its id: its change is made now, through the same path as the change
    itself (the same validation, instance, task and errors), by the caller. Refused with
    CONFLICT when the plan was applied already or expired, or when anything it was computed
    from changed since (the deployment's version or active instance, the environment's or
    the cluster's settings, the driver version, the environment's other deployments): the
    message names what changed. NOT_FOUND for an unknown plan. Needs
    styrmin.deployment.update, and styrmin.deployment.create for a creation's plan.
    """
    applyPlan(input: ApplyPlanInput!): DeploymentChangeResult!
  }

  input ApplyPlanInput {
    "The plan's id (DeploymentChangeResult.plan.id of the change planned with plan: true)."
    id: ID!
  }

  "The change a plan is of."
  enum PlanKind {
    CREATE
    EDIT
    UPGRADE
    EDIT_COMPONENT_OVERRIDES
  }

  enum PlanWarningCode {
    "The change moves the deployment to an older version of its driver."
    DOWNGRADE
    "A singleton component's context changes: its one pod is replaced, with a pause."
    SINGLETON_RESTART
  }

  "What a plan asks its reader to look at before applying it."
  type PlanWarning {
    code: PlanWarningCode!
    message: String!
    "The component it is about, when one."
    component: String
  }

  "Whether the change takes a backup of the deployment before it runs, and why."
  type PlanBackup {
    taken: Boolean!
    reason: String!
  }

  """
  The plan of a change: what it would do, computed before it is applied, with a fingerprint
  of everything it was computed from. Applied by id, once, until it expires.
  """
  type Plan {
    id: ID!
    kind: PlanKind!
    "Needs styrmin.environment.read."
    environment: Environment!
    "The deployment it changes; for a creation, null until the plan is applied."
    deployment: Deployment
    deploymentName: String!
    "The driver version the change deploys. Needs styrmin.driver.read."
    driverVersion: DriverVersion!
    "The driver version before the change; null for a creation. Needs styrmin.driver.read."
    fromDriverVersion: DriverVersion
    "Whether applying it would store anything; false when the new instance equals the active one."
    changed: Boolean!
    "The flow that would apply it; null when nothing changes."
    flow: FlowName
    "The reconciliation diff of the deployment's context, secret values masked."
    diff: [ContextChange!]!
    "The steps of the task that would apply it, in the order they run."
    plannedSteps: [String!]!
    """
    The driver actions that task runs, in the order of their modes (pre, core, post), with
    their hook and the prompts they ask for. Needs styrmin.driver.read.
    """
    plannedActions: [DriverAction!]!
    droppedParameters: [String!]!
    carriedOverParameters: [CarriedOverParameter!]!
    warnings: [PlanWarning!]!
    backup: PlanBackup!
    "The other deployments of the environment that the change would redeploy."
    siblings: [Redeployment!]!
    "sha256 of what it was computed from (basis): applying it compares them."
    fingerprint: String!
    """
    What it was computed from: the environment's and the cluster's versions, the driver
    version's digest, the deployment's version and active instance, and the versions of the
    environment's other deployments by name.
    """
    basis: JSON!
    createdBy: String!
    createdAt: String!
    "After this time it is refused (CONFLICT)."
    expiresAt: String!
    appliedBy: String
    appliedAt: String
    "The task that applies it; null before, and when applying it changed nothing."
    appliedTask: Task
  }
`;
