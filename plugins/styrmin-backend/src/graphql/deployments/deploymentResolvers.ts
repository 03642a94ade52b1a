import { DeploymentStore } from '../../deployments/DeploymentStore';
import { ComponentLifecycle } from '../../reconciliation/ComponentLifecycle';
import { DeploymentJobs } from '../../reconciliation/DeploymentJobs';
import { EnvironmentStore } from '../../environments/EnvironmentStore';
import { InstanceStore } from '../../instances/InstanceStore';
import { DeploymentChanges } from '../../reconciliation/DeploymentChanges';
import { DeploymentPlans } from '../../plans/DeploymentPlans';
import { mergeResolvers } from '../mergeResolvers';
import { StyrminResolvers } from '../types';
import { createChangeResultFields } from './changeResultFields';
import { createDeploymentChangeMutations } from './deploymentChangeMutations';
import { createDeploymentFields } from './deploymentFields';
import { createDeploymentQueries } from './deploymentQueries';
import { createDeploymentTaskMutations } from './deploymentTaskMutations';

/**
 * Options of {@link createDeploymentResolvers}.
 *
 * @internal
 */
export type CreateDeploymentResolversOptions = {
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  deploymentChanges: DeploymentChanges;
  deploymentPlans: DeploymentPlans;
  componentLifecycle: ComponentLifecycle;
  deploymentJobs: DeploymentJobs;
};

/**
 * The resolvers of the deployment queries and mutations, and of the `Deployment`,
 * `DeploymentChangeResult`, `DeploymentTaskResult` and `Redeployment` types.
 *
 * @internal
 */
export function createDeploymentResolvers(
  options: CreateDeploymentResolversOptions,
): StyrminResolvers {
  return mergeResolvers(
    createDeploymentQueries(options),
    createDeploymentChangeMutations(options),
    createDeploymentTaskMutations(options),
    createDeploymentFields(options),
    createChangeResultFields(),
  );
}
