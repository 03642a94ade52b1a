import { Knex } from 'knex';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { ClusterStore } from '../clusters/ClusterStore';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { ComponentLifecycle } from '../deployments/ComponentLifecycle';
import { DeploymentJobs } from '../deployments/DeploymentJobs';
import { DefaultGenerator } from '../generator/DefaultGenerator';
import { InstanceStore } from '../instances/InstanceStore';
import { DefaultRemediator } from '../remediator/DefaultRemediator';
import { TaskStore } from '../tasks/TaskStore';
import { DeploymentReconciler } from './DeploymentReconciler';
import { SettingsReconciler } from './SettingsReconciler';

/**
 * Options of {@link createReconciler}.
 *
 * @internal
 */
export type CreateReconcilerOptions = {
  knex: Knex;
  broker: FlowRunBroker;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
  tasks: TaskStore;
  changes: ChangeNotifier;
};

/**
 * The generator and the remediator on the stores, and the reconcilers that run them for
 * each change: what the plugin and the tests wire the same way.
 *
 * @internal
 */
export function createReconciler(options: CreateReconcilerOptions) {
  const generator = DefaultGenerator.create();
  const remediator = DefaultRemediator.create(options);
  const services = { ...options, generator, remediator };
  return {
    generator,
    remediator,
    deploymentReconciler: DeploymentReconciler.create(services),
    settingsReconciler: SettingsReconciler.create(services),
    componentLifecycle: ComponentLifecycle.create(services),
    deploymentJobs: DeploymentJobs.create(services),
  };
}
