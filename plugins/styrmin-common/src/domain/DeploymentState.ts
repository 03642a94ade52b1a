import { defineDomainEnum } from './domainEnum';

/**
 * The deployment state: the enum on `Deployment.status`. Different from DeploymentStatus,
 * which is the latest observed `.status` of the deployment's StyrminDeployment resource.
 *
 * @public
 */
export const DeploymentState = defineDomainEnum('deployment state', {
  PENDING: 'Recorded; no instance has been deployed yet.',
  DEPLOYING: 'A task is applying a new instance to the cluster.',
  RUNNING: 'The active instance is deployed.',
  RESTORING: 'A backup is being restored into the deployment.',
  FAILED: 'The last task on the deployment failed.',
  DELETING: 'The workload is being removed from the cluster.',
  DELETED:
    'Tombstone: the workload is gone from the cluster; the record stays for the timeline, backups and auditing.',
});

/** @public */
export type DeploymentState = (typeof DeploymentState.values)[number];
