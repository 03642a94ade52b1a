import {
  ComponentFlow,
  styrminDeploymentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import { ComponentLifecycle } from '../../reconciliation/ComponentLifecycle';
import { DeploymentJobs } from '../../reconciliation/DeploymentJobs';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { MutationResolvers } from '../generated/schemaTypes';
import { StyrminResolvers } from '../types';

/**
 * The mutations that run a task on a deployment without changing its intent's instance:
 * `stopComponents`, `startComponents`, `restartComponents` and `runJob`, each a
 * `DeploymentTaskResult`.
 *
 * @internal
 */
export function createDeploymentTaskMutations(options: {
  componentLifecycle: ComponentLifecycle;
  deploymentJobs: DeploymentJobs;
}): StyrminResolvers {
  const { componentLifecycle, deploymentJobs } = options;
  const update = styrminDeploymentUpdatePermission;
  const switchComponents =
    (
      flowName: ComponentFlow,
      // stopComponents and restartComponents take the same arguments and answer the same.
    ): NonNullable<MutationResolvers['startComponents']> =>
    (_parent, { input }, context) =>
      componentLifecycle.switchComponents({
        flowName,
        deploymentId: input.id,
        expectedVersion: input.expectedVersion ?? undefined,
        components: input.components,
        createdBy: callerRef(context.credentials),
      });
  return {
    Mutation: {
      stopComponents: withPermission(
        update,
        switchComponents('STOP_COMPONENTS'),
      ),
      startComponents: withPermission(
        update,
        switchComponents('START_COMPONENTS'),
      ),
      restartComponents: withPermission(
        update,
        switchComponents('RESTART_COMPONENTS'),
      ),
      runJob: withPermission(update, (_parent, { input }, context) =>
        deploymentJobs.runJob({
          deploymentId: input.id,
          expectedVersion: input.expectedVersion ?? undefined,
          component: input.component,
          command: input.command,
          timeoutSeconds: input.timeoutSeconds ?? undefined,
          createdBy: callerRef(context.credentials),
        }),
      ),
    },
  };
}
