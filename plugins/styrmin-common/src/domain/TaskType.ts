import { defineDomainEnum } from './domainEnum';

/**
 * The type of a task: the database record that tracks one asynchronous operation. Its
 * status follows only its flow run.
 *
 * @public
 */
export const TaskType = defineDomainEnum('task type', {
  create_instance: 'Deploys the first instance of a deployment.',
  update_instance:
    'Applies a new instance of the same application driver version.',
  upgrade_instance:
    'Applies a new instance of another application driver version, with the upgrade hook.',
  stop_components: 'Scales components to 0 pods; replica overrides are kept.',
  start_components:
    'Restores components to their replica count by the replica precedence.',
  restart_components:
    'Replaces the pods of components one by one, as kubectl rollout restart does.',
  run_job: 'Runs commands in a Job of the deployment (execute_commands).',
  delete_deployment:
    'Removes the workload from the cluster and leaves a tombstone.',
  create_backup:
    'Backs up the namespace of a deployment with Velero, volumes included.',
  restore_backup:
    'Restores a backup in place: its volume claims replaced, its objects updated.',
  delete_backup:
    'Removes a backup and its data from its storage location (DeleteBackupRequest).',
  upgrade_environment:
    'Upgrades the deployments of an environment in dependency order, each with its own upgrade_instance task.',
  restore_environment:
    'Restores an environment from an environment backup: its configuration, then each usable constituent in place.',
  clone_environment:
    'Creates a new environment from an environment backup of another, each deployment restored across targets.',
});

/** @public */
export type TaskType = (typeof TaskType.values)[number];
