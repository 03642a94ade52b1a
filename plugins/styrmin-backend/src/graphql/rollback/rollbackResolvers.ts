import {
  styrminBackupRestorePermission,
  styrminDeploymentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import { DeploymentRollbacks } from '../../rollback/DeploymentRollbacks';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { requirePermission } from '../../permissions/requirePermission';
import { StyrminResolvers } from '../types';

/**
 * The rollback mutation: a `DeploymentChangeResult`, as the upgrade it is. A rollback with
 * data restores a backup too, so it needs the permission to restore besides.
 *
 * @internal
 */
export function createRollbackResolvers(options: {
  rollbacks: Pick<DeploymentRollbacks, 'rollbackDeployment'>;
}): StyrminResolvers {
  const { rollbacks } = options;
  return {
    Mutation: {
      rollbackDeployment: withPermission(
        styrminDeploymentUpdatePermission,
        async (_parent, { input }, context) => {
          const withData = input.withData ?? false;
          if (withData) {
            await requirePermission({
              permissions: context.permissions,
              credentials: context.credentials,
              permission: styrminBackupRestorePermission,
            });
          }
          return rollbacks.rollbackDeployment({
            deploymentId: input.deployment,
            toInstance: input.toInstance,
            withData,
            expectedVersion: input.expectedVersion ?? undefined,
            requestedBy: callerRef(context.credentials),
          });
        },
      ),
    },
  };
}
