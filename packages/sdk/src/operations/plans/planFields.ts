import {
  DRIVER_ACTION_FIELDS,
  DriverVersionAction,
} from '../driverVersionFields';
import { PlanFieldsFragment } from '../generated/operationTypes';
import {
  CONTEXT_CHANGE,
  ContextChange,
  Redeployment,
  redeploymentFragment,
} from '../recordFields';
import { WithJsonFields } from '../WithJsonFields';

/**
 * What a plan was computed from: applying it compares this with the records as they are
 * then, and is refused with CONFLICT naming what changed.
 *
 * @public
 */
export type PlanBasis = {
  environment: { name: string; version: number };
  cluster: { name: string; version: number };
  driverVersion: { name: string; version: string; digest: string };
  /** The deployment the change is about; absent for a creation. */
  deployment?: {
    name: string;
    version: number;
    activeInstanceId: string | null;
  };
  /** The environment's other deployments: their versions by name. */
  deployments: Record<string, number>;
};

/**
 * The plan of a change (a create, edit, upgrade or component overrides asked with
 * `plan: true`): what applying it would do (the context diff with secret values masked,
 * the planned steps, the hook plan with its prompts, warnings, whether a backup is taken
 * first, the siblings it redeploys) and the basis it was computed from, applied by its id
 * with `StyrminClient.plans.apply`.
 *
 * @public
 */
export type Plan = WithJsonFields<
  PlanFieldsFragment,
  {
    diff: ContextChange[];
    plannedActions: DriverVersionAction[];
    siblings: Redeployment[];
    basis: PlanBasis;
  }
>;

/** Every field of a {@link Plan}. */
export const planFragment = /* GraphQL */ `
  fragment PlanFields on Plan {
    id
    kind
    environment {
      id
      name
    }
    deployment {
      id
      name
    }
    deploymentName
    fromDriverVersion {
      name
      version
    }
    driverVersion {
      name
      version
    }
    changed
    flow
    diff {
      ${CONTEXT_CHANGE}
    }
    plannedSteps
    plannedActions {
      ${DRIVER_ACTION_FIELDS}
    }
    droppedParameters
    carriedOverParameters {
      parameter
      field
      value
    }
    warnings {
      code
      component
      message
    }
    backup {
      taken
      reason
    }
    siblings {
      ...RedeploymentFields
    }
    fingerprint
    basis
    createdBy
    createdAt
    expiresAt
    appliedBy
    appliedAt
    appliedTask {
      id
    }
  }
  ${redeploymentFragment}
`;
