import {
  plannedActions,
  PlannedFlow,
  plannedSteps,
  styrminDeploymentReadPermission,
  styrminDriverReadPermission,
} from '@styrmin/plugin-styrmin-common';
import {
  DeploymentChangeResult,
  Redeployment,
} from '../../reconciliation/types';
import {
  graphQLDriverVersionOf,
  storedDriverVersion,
} from '../drivers/graphQLDriverVersionOf';
import { withPermission } from '../fieldResolvers';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';

/**
 * The flow that applies a change, with the driver version it deploys (for a deletion, the
 * one it removes); none when the change stores nothing.
 */
async function plannedFlowOf(
  result: DeploymentChangeResult,
  context: StyrminGraphQLContext,
): Promise<PlannedFlow | undefined> {
  if (!result.redeployment) {
    return undefined;
  }
  return {
    flowName: result.redeployment.flowName,
    driver: (await storedDriverVersion(context, result.deployment.driver)).spec,
  };
}

/**
 * The fields of what the deployment mutations return: `DeploymentChangeResult`,
 * `DeploymentTaskResult` and `Redeployment`. What a change did is read like the
 * deployments it did it to.
 *
 * @internal
 */
export function createChangeResultFields(): StyrminResolvers {
  const read = styrminDeploymentReadPermission;
  return {
    DeploymentChangeResult: {
      deployment: withPermission(read, result => result.deployment),
      instance: withPermission(
        read,
        result => result.redeployment?.instance ?? null,
      ),
      task: withPermission(
        read,
        result => result.redeployment?.remediation?.task ?? null,
      ),
      diff: withPermission(read, result => result.redeployment?.diff ?? []),
      plannedSteps: withPermission(read, async (result, _args, context) => {
        const flow = await plannedFlowOf(result, context);
        return flow ? plannedSteps(flow) : [];
      }),
      plannedActions: withPermission(
        styrminDriverReadPermission,
        async (result, _args, context) => {
          const flow = await plannedFlowOf(result, context);
          if (!flow) {
            return [];
          }
          const { actions } = await graphQLDriverVersionOf(
            context,
            result.deployment.driver,
          );
          return plannedActions(flow).map(
            planned => actions.find(action => action.name === planned.name)!,
          );
        },
      ),
      siblings: withPermission(read, result => result.siblings),
      plan: withPermission(read, result => result.plan ?? null),
    },
    DeploymentTaskResult: {
      deployment: withPermission(read, result => result.deployment),
      task: withPermission(read, result => result.task),
    },
    Redeployment: {
      deployment: withPermission(read, r => r.deployment),
      diff: withPermission(read, r => r.diff),
      flow: (redeployment: Redeployment) => redeployment.flowName,
      instance: withPermission(read, r => r.instance ?? null),
      task: withPermission(read, r => r.remediation?.task ?? null),
    },
  };
}
