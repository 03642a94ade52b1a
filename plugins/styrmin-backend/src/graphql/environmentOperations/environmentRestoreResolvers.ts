import {
  styrminEnvironmentClonePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentRestorePermission,
} from '@styrmin/plugin-styrmin-common';
import { CloneRequest } from '../../environmentOperations/clonePlanRecords';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { CloneEnvironmentInput } from '../generated/schemaTypes';
import { StyrminResolvers } from '../types';
import { EnvironmentRestoreResolverRecords } from './environmentRestoreResolverRecords';

function cloneRequest(input: CloneEnvironmentInput): CloneRequest {
  return {
    sourceId: input.source,
    name: input.name,
    clusterId: input.cluster ?? undefined,
    environmentBackupId: input.environmentBackup ?? undefined,
    overridesPatch: input.overrides ?? undefined,
  };
}

/**
 * The resolvers of environment restores and clones: `environmentRestorePlan` and
 * `environmentClonePlan` (which write nothing), `restoreEnvironment` and
 * `cloneEnvironment` (administrators: they start the parent task), through
 * `EnvironmentRestores` and `EnvironmentClones`; and the fields of their plans, which
 * never show a captured secret.
 *
 * @internal
 */
export function createEnvironmentRestoreResolvers(
  records: EnvironmentRestoreResolverRecords,
): StyrminResolvers {
  const { environmentRestores, environmentClones } = records;
  const read = styrminEnvironmentReadPermission;
  return {
    Query: {
      environmentRestorePlan: withPermission(read, (_parent, { input }) =>
        environmentRestores.plan({
          environmentBackupId: input.environmentBackup,
        }),
      ),
      environmentClonePlan: withPermission(read, (_parent, { input }) =>
        environmentClones.plan(cloneRequest(input)),
      ),
    },
    Mutation: {
      restoreEnvironment: withPermission(
        styrminEnvironmentRestorePermission,
        async (_parent, { input }, context) => {
          const started = await environmentRestores.restore({
            environmentBackupId: input.environmentBackup,
            createdBy: callerRef(context.credentials),
          });
          context.loaders.task.prime(started.task.id, started.task);
          return started;
        },
      ),
      cloneEnvironment: withPermission(
        styrminEnvironmentClonePermission,
        async (_parent, { input }, context) => {
          const started = await environmentClones.clone({
            ...cloneRequest(input),
            createdBy: callerRef(context.credentials),
          });
          context.loaders.task.prime(started.task.id, started.task);
          return started;
        },
      ),
    },
    EnvironmentRestorePlan: {
      environmentBackup: plan => plan.view,
    },
    EnvironmentClonePlan: {
      environmentBackup: plan => plan.environmentBackup ?? null,
    },
    PlannedCloneDeployment: {
      driverName: deployment => deployment.driver.name,
      driverVersion: deployment => deployment.driver.version,
    },
  };
}
