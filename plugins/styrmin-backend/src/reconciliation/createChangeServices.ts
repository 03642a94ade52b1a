import { Knex } from 'knex';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { ClusterStore } from '../clusters/ClusterStore';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { FlowRunStore } from '../flows/FlowRunStore';
import { ComponentLifecycle } from './ComponentLifecycle';
import { DeploymentJobs } from './DeploymentJobs';
import { DefaultGenerator } from '../generator/DefaultGenerator';
import { InstanceStore } from '../instances/InstanceStore';
import { DefaultRemediator } from '../remediator/DefaultRemediator';
import { TaskStore } from '../tasks/TaskStore';
import { DeploymentChanges } from './DeploymentChanges';
import { SettingsChanges } from './SettingsChanges';
import { TaskRetries } from './TaskRetries';

/**
 * Options of {@link createChangeServices}.
 *
 * @internal
 */
export type CreateChangeServicesOptions = {
  knex: Knex;
  broker: FlowRunBroker;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
  tasks: TaskStore;
  flowRuns: FlowRunStore;
  changes: ChangeNotifier;
};

/**
 * The generator and the remediator on the stores, and the changeServices that run them for
 * each change: what the plugin and the tests wire the same way.
 *
 * @internal
 */
export function createChangeServices(options: CreateChangeServicesOptions) {
  const generator = DefaultGenerator.create();
  const remediator = DefaultRemediator.create(options);
  const services = { ...options, generator, remediator };
  const deploymentChanges = DeploymentChanges.create(services);
  return {
    generator,
    remediator,
    deploymentChanges,
    taskRetries: TaskRetries.create({ ...services, deploymentChanges }),
    settingsChanges: SettingsChanges.create(services),
    componentLifecycle: ComponentLifecycle.create(services),
    deploymentJobs: DeploymentJobs.create(services),
  };
}
