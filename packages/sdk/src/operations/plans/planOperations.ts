import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from '../recordFields';
import { StyrminOperation } from '../StyrminOperation';
import { Plan, planFragment } from './planFields';

/**
 * A change's mutation asked with `plan: true` (the caller's input says so), selecting the
 * plan it keeps.
 */
function planChangeOperation<TMutation extends string>(options: {
  operationName: string;
  mutation: TMutation;
  inputType: string;
}): StyrminOperation<Record<TMutation, { plan: Plan | null }>, Plan> {
  const { operationName, mutation, inputType } = options;
  return {
    operationName,
    document: /* GraphQL */ `
      mutation ${operationName}($input: ${inputType}!) {
        ${mutation}(input: $input) {
          plan {
            ...PlanFields
          }
        }
      }
      ${planFragment}
    `,
    result: data => data[mutation].plan!,
  };
}

/** `createDeployment` with `plan: true`. */
export const planCreateDeploymentOperation = planChangeOperation({
  operationName: 'PlanCreateDeployment',
  mutation: 'createDeployment',
  inputType: 'CreateDeploymentInput',
});

/** `editDeployment` with `plan: true`. */
export const planEditDeploymentOperation = planChangeOperation({
  operationName: 'PlanEditDeployment',
  mutation: 'editDeployment',
  inputType: 'EditDeploymentInput',
});

/** `upgradeDeployment` with `plan: true`. */
export const planUpgradeDeploymentOperation = planChangeOperation({
  operationName: 'PlanUpgradeDeployment',
  mutation: 'upgradeDeployment',
  inputType: 'UpgradeDeploymentInput',
});

/** `editComponentOverrides` with `plan: true`. */
export const planEditComponentOverridesOperation = planChangeOperation({
  operationName: 'PlanEditComponentOverrides',
  mutation: 'editComponentOverrides',
  inputType: 'EditComponentOverridesInput',
});

/** The `plan` query: undefined for an unknown plan. */
export const planOperation: StyrminOperation<
  { plan: Plan | null },
  Plan | undefined
> = {
  operationName: 'Plan',
  document: /* GraphQL */ `
    query Plan($id: ID!) {
      plan(id: $id) {
        ...PlanFields
      }
    }
    ${planFragment}
  `,
  result: data => data.plan ?? undefined,
};

/** The `applyPlan` mutation. */
export const applyPlanOperation: StyrminOperation<
  { applyPlan: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'ApplyPlan',
  document: /* GraphQL */ `
    mutation ApplyPlan($input: ApplyPlanInput!) {
      applyPlan(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.applyPlan,
};
