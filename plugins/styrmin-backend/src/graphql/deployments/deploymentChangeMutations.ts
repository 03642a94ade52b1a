import {
  styrminDeploymentCreatePermission,
  styrminDeploymentDeletePermission,
  styrminDeploymentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import { DeploymentChanges } from '../../reconciliation/DeploymentChanges';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The mutations that change a deployment's intent through the `DeploymentChanges`:
 * create, edit, upgrade, component overrides and delete, each a `DeploymentChangeResult`.
 *
 * @internal
 */
export function createDeploymentChangeMutations(options: {
  deploymentChanges: DeploymentChanges;
}): StyrminResolvers {
  const { deploymentChanges: changes } = options;
  const update = styrminDeploymentUpdatePermission;
  return {
    Mutation: {
      createDeployment: withPermission(
        styrminDeploymentCreatePermission,
        (_parent, { input }, context) =>
          changes.createDeployment({
            environmentId: input.environment,
            name: input.name,
            driver: { name: input.driver, version: input.driverVersion },
            configuration: input.configuration,
            prompts: input.prompts,
            createdBy: callerRef(context.credentials),
            dryRun: input.dryRun ?? false,
          }),
      ),
      editDeployment: withPermission(update, (_parent, { input }, context) =>
        changes.changeDeployment({
          deploymentId: input.id,
          expectedVersion: input.expectedVersion ?? undefined,
          configurationPatch: input.configuration,
          updatedBy: callerRef(context.credentials),
          dryRun: input.dryRun ?? false,
        }),
      ),
      upgradeDeployment: withPermission(update, (_parent, { input }, context) =>
        changes.changeDeployment({
          deploymentId: input.id,
          expectedVersion: input.expectedVersion ?? undefined,
          driverVersion: input.driverVersion,
          allowDowngrade: input.allowDowngrade ?? false,
          configurationPatch: input.configuration ?? {},
          prompts: input.prompts,
          updatedBy: callerRef(context.credentials),
          dryRun: input.dryRun ?? false,
        }),
      ),
      editComponentOverrides: withPermission(
        update,
        (_parent, { input }, context) =>
          changes.changeDeployment({
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            configurationPatch: {
              components: { [input.component]: input.overrides ?? null },
            },
            updatedBy: callerRef(context.credentials),
            dryRun: input.dryRun ?? false,
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
