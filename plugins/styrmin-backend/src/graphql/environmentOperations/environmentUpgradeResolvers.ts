import {
  styrminEnvironmentReadPermission,
  styrminEnvironmentUpgradePermission,
} from '@styrmin/plugin-styrmin-common';
import { EnvironmentUpgradeRequest } from '../../environmentOperations/EnvironmentUpgrades';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { UpgradeEnvironmentInput } from '../generated/schemaTypes';
import { StyrminResolvers } from '../types';
import { EnvironmentOperationResolverRecords } from './environmentOperationResolverRecords';

function upgradeRequest(
  input: UpgradeEnvironmentInput,
): EnvironmentUpgradeRequest {
  return {
    environmentId: input.environment,
    versions: input.versions?.map(v => ({
      deploymentId: v.deployment,
      driverVersion: v.driverVersion,
    })),
    backupFirst: input.backupFirst ?? false,
    allowDowngrade: input.allowDowngrade ?? false,
  };
}

/**
 * The resolvers of the environment upgrade: `environmentUpgradePlan` (which writes
 * nothing) and `upgradeEnvironment`, which starts its parent task, both through
 * `EnvironmentUpgrades`.
 *
 * @internal
 */
export function createEnvironmentUpgradeResolvers(
  records: EnvironmentOperationResolverRecords,
): StyrminResolvers {
  const upgrades = records.environmentUpgrades;
  return {
    Query: {
      environmentUpgradePlan: withPermission(
        styrminEnvironmentReadPermission,
        (_parent, { input }) => upgrades.plan(upgradeRequest(input)),
      ),
    },
    Mutation: {
      upgradeEnvironment: withPermission(
        styrminEnvironmentUpgradePermission,
        async (_parent, { input }, context) => {
          const { task, plan } = await upgrades.upgrade({
            ...upgradeRequest(input),
            createdBy: callerRef(context.credentials),
          });
          context.loaders.task.prime(task.id, task);
          return { task, environment: plan.environment };
        },
      ),
    },
    SkippedDeployment: {
      deployment: skipped => skipped.deployment ?? null,
    },
  };
}
