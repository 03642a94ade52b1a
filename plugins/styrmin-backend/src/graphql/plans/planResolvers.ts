import {
  styrminDeploymentCreatePermission,
  styrminDeploymentReadPermission,
  styrminDeploymentUpdatePermission,
  styrminDriverReadPermission,
  styrminEnvironmentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { DeploymentPlans } from '../../plans/DeploymentPlans';
import { Plan } from '../../plans/Plan';
import { requirePermission } from '../../permissions/requirePermission';
import { callerRef } from '../callerRef';
import { graphQLDriverVersionOf } from '../drivers/graphQLDriverVersionOf';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The resolvers of the plans of changes: `plan(id)`, `applyPlan`, and the `Plan` type,
 * read like the deployment it changes. A change's plan itself comes from the change's own
 * mutation with `plan: true` (`createDeploymentChangeMutations`).
 *
 * @internal
 */
export function createPlanResolvers(options: {
  deploymentPlans: DeploymentPlans;
}): StyrminResolvers {
  const { deploymentPlans } = options;
  const read = styrminDeploymentReadPermission;
  const driverRead = styrminDriverReadPermission;
  return {
    Query: {
      plan: withPermission(read, (_parent, { id }) =>
        deploymentPlans.getPlan({ id }),
      ),
    },
    Mutation: {
      applyPlan: withPermission(
        styrminDeploymentUpdatePermission,
        async (_parent, { input }, context) => {
          const plan = await deploymentPlans.getPlan({ id: input.id });
          if (plan?.kind === 'CREATE') {
            await requirePermission({
              ...context,
              permission: styrminDeploymentCreatePermission,
            });
          }
          return deploymentPlans.applyPlan({
            id: input.id,
            appliedBy: callerRef(context.credentials),
          });
        },
      ),
    },
    Plan: {
      ...isoDateFields('createdAt', 'expiresAt', 'appliedAt'),
      environment: withPermission(
        styrminEnvironmentReadPermission,
        async (plan, _args, context) =>
          (await context.loaders.environment.load(plan.environmentId)) ??
          notStored(`Environment ${plan.environmentId}`),
      ),
      deployment: withPermission(read, (plan, _args, context) => {
        const id =
          plan.deploymentId ?? (plan.appliedAt && plan.change.deploymentId);
        return id ? context.loaders.deployment.load(id) : null;
      }),
      deploymentName: plan => plan.content.deploymentName,
      driverVersion: withPermission(driverRead, (plan, _args, context) =>
        graphQLDriverVersionOf(context, plan.content.driver),
      ),
      fromDriverVersion: withPermission(driverRead, (plan, _args, context) =>
        plan.content.fromDriver
          ? graphQLDriverVersionOf(context, plan.content.fromDriver)
          : null,
      ),
      changed: plan => plan.content.changed,
      flow: plan => plan.content.flowName ?? null,
      diff: withPermission(read, plan => plan.content.diff),
      plannedSteps: withPermission(read, plan => plan.content.plannedSteps),
      plannedActions: withPermission(
        driverRead,
        async (plan, _args, context) => {
          const { actions } = await graphQLDriverVersionOf(
            context,
            plan.content.driver,
          );
          return plan.content.plannedActions.map(
            name =>
              actions.find(action => action.name === name) ??
              notStored(`Action ${name} of plan ${plan.id}`),
          );
        },
      ),
      droppedParameters: plan => plan.content.droppedParameters,
      carriedOverParameters: plan => plan.content.carriedOverParameters,
      warnings: plan => plan.content.warnings,
      backup: plan => plan.content.backup,
      siblings: withPermission(read, (plan, _args, context) =>
        Promise.all(
          plan.content.siblings.map(async sibling => ({
            deployment:
              (await context.loaders.deployment.load(sibling.deploymentId)) ??
              notStored(`Deployment ${sibling.deploymentName}`),
            diff: sibling.diff,
            flowName: sibling.flowName,
          })),
        ),
      ),
      basis: (plan: Plan) => plan.basis,
      appliedTask: withPermission(read, (plan, _args, context) =>
        plan.appliedTaskId
          ? context.loaders.task.load(plan.appliedTaskId)
          : null,
      ),
    },
  };
}
