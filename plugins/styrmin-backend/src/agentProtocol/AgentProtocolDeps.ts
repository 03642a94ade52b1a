import { LoggerService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import { ActionTokenStore } from '../actionTokens/ActionTokenStore';
import { BackupStorageLocationStore } from '../backupStorageLocations/BackupStorageLocationStore';
import { BackupStore } from '../backups/BackupStore';
import { DeploymentBackups } from '../backups/DeploymentBackups';
import { RestoreStore } from '../backups/RestoreStore';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { ClusterStore } from '../clusters/ClusterStore';
import { Clock } from '../database/Clock';
import { DeploymentStateFollower } from '../deployments/DeploymentStateFollower';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { FlowRunStore } from '../flows/FlowRunStore';
import { InstanceStore } from '../instances/InstanceStore';
import { ObservedStateStore } from '../observedState/ObservedStateStore';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { Remediator } from '../remediator/Remediator';
import { DeploymentRollbacks } from '../rollback/DeploymentRollbacks';
import { TaskStore } from '../tasks/TaskStore';

/**
 * What the agent protocol's handlers work with: the stores, the queue, the state
 * follower and the remediator, on one database and one clock.
 *
 * @internal
 */
export type AgentProtocolDeps = {
  knex: Knex;
  clock: Clock;
  logger: LoggerService;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
  flowRuns: FlowRunStore;
  tasks: TaskStore;
  broker: FlowRunBroker;
  observedState: ObservedStateStore;
  backups: BackupStore;
  restores: RestoreStore;
  backupStorageLocations: BackupStorageLocationStore;
  stateFollower: DeploymentStateFollower;
  /** The API tokens of driver actions, which `issueActionToken` issues. */
  actionTokens: ActionTokenStore;
  /** Records the tasks that action primitives start, as it records every task. */
  remediator: Remediator;
  /**
   * Records the restore point an upgrade takes first, and the in-place restore a rollback
   * with data ends with, as the backup operations record them.
   */
  deploymentBackups: Pick<DeploymentBackups, 'createBackup' | 'restoreBackup'>;
  /** Rolls back the upgrades that fail, when their environments say so. */
  rollbacks: Pick<DeploymentRollbacks, 'afterTaskFailed'>;
  /** Records the upgrades that action primitives start (upgrade_deployment_version). */
  deploymentChanges: Pick<DeploymentChanges, 'changeDeployment'>;
  /** Told of every change a call makes, so that the pages showing it refresh. */
  changes: ChangeNotifier;
  /** How long a lease lasts after a claim or a heartbeat. */
  leaseSeconds: number;
};
