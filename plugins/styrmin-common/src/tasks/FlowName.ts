import { defineDomainEnum } from '../domain/domainEnum';

/**
 * The flows that the server submits: each task type has one, and the remediator maps a
 * reconciliation diff to one of the first four. The backup flows run on the cluster's pool;
 * the environment flows on the server's own (`server`), whose steps start the deployments'
 * tasks on the cluster's pool.
 *
 * @public
 */
export const FlowName = defineDomainEnum('flow name', {
  CREATE_INSTANCE:
    'Deploys the first instance of a deployment (task create_instance).',
  UPDATE_INSTANCE:
    'Applies a new instance of the same application driver version (task update_instance).',
  UPGRADE_INSTANCE:
    'Applies a new instance of another application driver version, with the upgrade hook (task upgrade_instance).',
  DELETE:
    'Removes the workload of a deployment from its cluster and leaves a tombstone (task delete_deployment).',
  STOP_COMPONENTS: 'Scales components to 0 pods (task stop_components).',
  START_COMPONENTS:
    'Restores components to their replica count (task start_components).',
  RESTART_COMPONENTS:
    'Replaces the pods of components one by one (task restart_components).',
  RUN_JOB: 'Runs commands in a Job of the deployment (task run_job).',
  CREATE_BACKUP:
    'Backs up the namespace of a deployment with a Velero Backup (task create_backup).',
  RESTORE_BACKUP:
    'Restores a backup into the deployment it was taken of (task restore_backup).',
  DELETE_BACKUP:
    'Removes a Velero Backup and its data with a DeleteBackupRequest (task delete_backup).',
  UPGRADE_ENVIRONMENT:
    'Upgrades the deployments of an environment one after the other, optionally after an environment backup (task upgrade_environment).',
  RESTORE_ENVIRONMENT:
    'Applies an environment backup again: its configuration, then the in-place restore of each usable constituent (task restore_environment).',
  CLONE_ENVIRONMENT:
    'Creates an environment and its deployments from an environment backup, each restored by a cross-target restore (task clone_environment).',
});

/** @public */
export type FlowName = (typeof FlowName.values)[number];
