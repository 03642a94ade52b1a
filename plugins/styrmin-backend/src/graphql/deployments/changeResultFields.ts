import {
  plannedActions,
  PlannedFlow,
  plannedSteps,
  styrminDeploymentReadPermission,
  styrminDriverReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../../deployments/DeploymentStore';
import {
  DeploymentChangeResult,
  Redeployment,
} from '../../reconciliation/types';
import { Task } from '../../tasks/TaskStore';
import {
  graphQLDriverVersionOf,
  storedDriverVersion,
} from '../drivers/graphQLDriverVersionOf';
import { withPermission } from '../fieldResolvers';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';

type DeploymentTaskResult = { deployment: Deployment; task: Task };

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
      deployment: withPermission<DeploymentChangeResult>(
        read,
        result => result.deployment,
      ),
      instance: withPermission<DeploymentChangeResult>(
        read,
        result => result.redeployment?.instance ?? null,
      ),
      task: withPermission<DeploymentChangeResult>(
        read,
        result => result.redeployment?.remediation?.task ?? null,
      ),
      diff: withPermission<DeploymentChangeResult>(
        read,
        result => result.redeployment?.diff ?? [],
      ),
      plannedSteps: withPermission<DeploymentChangeResult>(
        read,
        async (result, _args, context) => {
          const flow = await plannedFlowOf(result, context);
          return flow ? plannedSteps(flow) : [];
        },
      ),
      plannedActions: withPermission<DeploymentChangeResult>(
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
      siblings: withPermission<DeploymentChangeResult>(
        read,
        result => result.siblings,
      ),
    },
    DeploymentTaskResult: {
      deployment: withPermission<DeploymentTaskResult>(
        read,
        result => result.deployment,
      ),
      task: withPermission<DeploymentTaskResult>(read, result => result.task),
    },
    Redeployment: {
      deployment: withPermission<Redeployment>(read, r => r.deployment),
      diff: withPermission<Redeployment>(read, r => r.diff),
      flow: (redeployment: Redeployment) => redeployment.flowName,
      instance: withPermission<Redeployment>(read, r => r.instance ?? null),
      task: withPermission<Redeployment>(
        read,
        r => r.remediation?.task ?? null,
      ),
    },
  };
}
