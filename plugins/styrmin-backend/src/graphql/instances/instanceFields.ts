import {
  ContextChange,
  maskContext,
  styrminDeploymentReadPermission,
  styrminDriverReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { graphQLDriverVersionOf } from '../drivers/graphQLDriverVersionOf';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';
import { Instance } from '../../instances/InstanceStore';

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
      ...isoDateFields<keyof Instance>('createdAt'),
      deployment: withPermission<Instance>(
        read,
        async (instance, _args, context) =>
          (await context.loaders.deployment.load(instance.deploymentId)) ??
          notStored(`Deployment ${instance.deploymentId}`),
      ),
      driverVersion: withPermission<Instance>(
        styrminDriverReadPermission,
        (instance, _args, context) =>
          graphQLDriverVersionOf(context, instance.driver),
      ),
      context: withPermission<Instance>(read, instance =>
        maskContext(instance.context),
      ),
      task: withPermission<Instance>(read, (instance, _args, context) =>
        instance.taskId ? context.loaders.task.load(instance.taskId) : null,
      ),
    },
    ContextChange: {
      kind: (change: ContextChange) => change.kind.toUpperCase(),
      secret: (change: ContextChange) => change.secret === true,
    },
  };
}
