import {
  ContextChange,
  maskContext,
  styrminBackupReadPermission,
  styrminDeploymentReadPermission,
  styrminDriverReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { graphQLDriverVersionOf } from '../drivers/graphQLDriverVersionOf';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { ContextChangeKind } from '../generated/schemaTypes';
import { StyrminResolvers } from '../types';

/** The SDL's names of the kinds of a context change. */
const CONTEXT_CHANGE_KINDS: Record<ContextChange['kind'], ContextChangeKind> = {
  added: 'ADDED',
  removed: 'REMOVED',
  changed: 'CHANGED',
};

/**
 * The fields of the `Instance` and `ContextChange` types.
 * An instance's context goes out with the values at its secret paths masked; its diff was
 * stored masked.
 *
 * @internal
 */
export function createInstanceFields(): StyrminResolvers {
  const read = styrminDeploymentReadPermission;
  return {
    Instance: {
      ...isoDateFields('createdAt'),
      deployment: withPermission(
        read,
        async (instance, _args, context) =>
          (await context.loaders.deployment.load(instance.deploymentId)) ??
          notStored(`Deployment ${instance.deploymentId}`),
      ),
      driverVersion: withPermission(
        styrminDriverReadPermission,
        (instance, _args, context) =>
          graphQLDriverVersionOf(context, instance.driver),
      ),
      context: withPermission(read, instance => maskContext(instance.context)),
      task: withPermission(read, (instance, _args, context) =>
        instance.taskId ? context.loaders.task.load(instance.taskId) : null,
      ),
      restorePoint: withPermission(
        styrminBackupReadPermission,
        async (instance, _args, context) =>
          instance.restorePointBackupId
            ? (await context.loaders.backups.backup.load(
                instance.restorePointBackupId,
              )) ?? null
            : null,
      ),
      rollbackTo: withPermission(read, async (instance, _args, context) =>
        instance.rollbackToInstanceId
          ? (await context.loaders.instance.load(
              instance.rollbackToInstanceId,
            )) ?? null
          : null,
      ),
      restoresData: instance => instance.restoresBackupId !== undefined,
    },
    ContextChange: {
      kind: change => CONTEXT_CHANGE_KINDS[change.kind],
      secret: change => change.secret === true,
    },
  };
}
