import {
  styrminDeploymentCreatePermission,
  styrminDeploymentDeletePermission,
  styrminDeploymentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import { DeploymentPlans } from '../../plans/DeploymentPlans';
import { PlanKind } from '../../plans/Plan';
import { DeploymentChanges } from '../../reconciliation/DeploymentChanges';
import { DeploymentChangesChangeOptions } from '../../reconciliation/types';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The mutations that change a deployment's intent through the `DeploymentChanges`:
 * create, edit, upgrade, component overrides and delete, each a `DeploymentChangeResult`.
 * A change asked with `plan: true` is planned instead (`DeploymentPlans`): its dry run,
 * kept as a plan.
 *
 * @internal
 */
export function createDeploymentChangeMutations(options: {
  deploymentChanges: DeploymentChanges;
  deploymentPlans: DeploymentPlans;
}): StyrminResolvers {
  const { deploymentChanges: changes, deploymentPlans: plans } = options;
  const update = styrminDeploymentUpdatePermission;
  /** A change of a deployment, or its plan. */
  const change = (
    kind: Exclude<PlanKind, 'CREATE'>,
    input: { dryRun?: boolean | null; plan?: boolean | null },
    changeOptions: DeploymentChangesChangeOptions,
  ) =>
    input.plan
      ? plans.planChange({ ...changeOptions, kind })
      : changes.changeDeployment({
          ...changeOptions,
          dryRun: input.dryRun ?? false,
        });
  return {
    Mutation: {
      createDeployment: withPermission(
        styrminDeploymentCreatePermission,
        (_parent, { input }, context) => {
          const create = {
            environmentId: input.environment,
            name: input.name,
            driver: { name: input.driver, version: input.driverVersion },
            configuration: input.configuration,
            prompts: input.prompts,
            createdBy: callerRef(context.credentials),
          };
          return input.plan
            ? plans.planCreate(create)
            : changes.createDeployment({
                ...create,
                dryRun: input.dryRun ?? false,
              });
        },
      ),
      editDeployment: withPermission(update, (_parent, { input }, context) =>
        change('EDIT', input, {
          deploymentId: input.id,
          expectedVersion: input.expectedVersion ?? undefined,
          configurationPatch: input.configuration,
          updatedBy: callerRef(context.credentials),
        }),
      ),
      upgradeDeployment: withPermission(update, (_parent, { input }, context) =>
        change('UPGRADE', input, {
          deploymentId: input.id,
          expectedVersion: input.expectedVersion ?? undefined,
          driverVersion: input.driverVersion,
          allowDowngrade: input.allowDowngrade ?? false,
          configurationPatch: input.configuration ?? {},
          prompts: input.prompts,
          updatedBy: callerRef(context.credentials),
        }),
      ),
      editComponentOverrides: withPermission(
        update,
        (_parent, { input }, context) =>
          change('EDIT_COMPONENT_OVERRIDES', input, {
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            configurationPatch: {
              components: { [input.component]: input.overrides ?? null },
            },
            updatedBy: callerRef(context.credentials),
          }),
      ),
      deleteDeployment: withPermission(
        styrminDeploymentDeletePermission,
        (_parent, { input }, context) =>
          changes.deleteDeployment({
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            deletedBy: callerRef(context.credentials),
          }),
      ),
    },
  };
}
