import { DeploymentBackups } from '../backups/DeploymentBackups';
import { Flow } from '../flows/Flow';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { SettingsChanges } from '../reconciliation/SettingsChanges';
import { TaskStore } from '../tasks/TaskStore';
import { EnvironmentBackups } from './EnvironmentBackups';
import { LinkedTasks } from './LinkedTasks';
import { upgradeEnvironmentFlow } from './upgradeEnvironmentFlow';
import {
  restoreEnvironmentFlow,
  RestoreEnvironmentFlowDeps,
} from './restoreEnvironmentFlow';
import {
  cloneEnvironmentFlow,
  CloneEnvironmentFlowDeps,
} from './cloneEnvironmentFlow';

/**
 * What the environment flows work with: the per-deployment services whose tasks their
 * steps start, through {@link LinkedTasks}, and the stores they read.
 *
 * @internal
 */
export type EnvironmentFlowsDeps = RestoreEnvironmentFlowDeps &
  CloneEnvironmentFlowDeps & {
    linkedTasks: LinkedTasks;
    tasks: TaskStore;
    deploymentChanges: DeploymentChanges;
    settingsChanges: SettingsChanges;
    deploymentBackups: DeploymentBackups;
    environmentBackupService: EnvironmentBackups;
  };

/**
 * The flows of the server's own pool (`server`): the environment operations, each the
 * flow of an environment task whose steps start the deployments' tasks on the clusters'
 * pools. plugin.ts registers them with the server pool's worker.
 *
 * @internal
 */
export function createEnvironmentFlows(deps: EnvironmentFlowsDeps): Flow[] {
  return [
    upgradeEnvironmentFlow(deps),
    restoreEnvironmentFlow(deps),
    cloneEnvironmentFlow(deps),
  ];
}
