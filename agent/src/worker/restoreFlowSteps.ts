import { AppsV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import {
  AgentRestoreStatusReport,
  COMPONENT_FLOW_STEPS,
  REMOVE_BACKUP_VOLUME_CLAIMS_STEP,
  RESTORE_NAMESPACE_STEP,
  RestoreBackupParameters,
  VELERO_OBJECT_LABELS,
} from '@styrmin/plugin-styrmin-common';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { sleep } from '../cluster/sleep';
import { claimsOfBackup } from '../velero/claimsOfBackup';
import { desiredRestore } from '../velero/desired/restore';
import {
  VELERO_BACKUP_NAME_LABEL,
  VeleroBackup,
  VeleroPodVolumeBackup,
  VeleroRestore,
} from '../velero/velero';
import { restoreStatus, veleroOutcome } from '../velero/veleroStatus';
import { BackupFlowContext, flowParameters } from './backupFlowSteps';
import { FlowSteps } from './FlowSteps';
import { followVelero } from './followVelero';
import { switchComponents } from './switchComponents';

/** @public */
export interface RestoreFlowContext extends BackupFlowContext {
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  pollIntervalMs?: number;
  /** How long the claims may take to go. Default 10 minutes. */
  claimsTimeoutMs?: number;
}

/**
 * The steps of RESTORE_BACKUP, an in-place restore (DESIGN.md, "Backups are Velero's").
 * Velero restores volume data only into claims the restore creates, and keeps an object
 * that exists unless told to update it; so the data-bearing objects are replaced:
 * - "Stop the components": every component of the deployment to 0 pods
 *   (switchComponents), so that no pod holds a claim;
 * - "Remove the volume claims of the backup": the claims that the backup's
 *   PodVolumeBackups copied (claimsOfBackup), deleted, and waited for until gone;
 * - "Restore the namespace": the Velero Restore (desiredRestore,
 *   `existingResourcePolicy: update`), followed and reported until it ends, failing with
 *   Velero's words unless Completed;
 * - "Start the components": the components again, with their replica counts.
 * Each step can run again after a claim of the run: the components' switch is a state,
 * claims that are gone are done, and the Restore is found by name.
 */
export function restoreFlowSteps(context: RestoreFlowContext): FlowSteps {
  const { run } = context;
  const parameters = () => flowParameters(run, RestoreBackupParameters);
  const switchAll = (to: 'stopped' | 'started', signal: AbortSignal) =>
    switchComponents({
      kubeConfig: context.kubeConfig,
      deployments: context.deployments,
      deploymentId: parameters().deploymentId,
      components: parameters().components,
      to,
      signal,
      pollIntervalMs: context.pollIntervalMs,
    });
  return name => {
    switch (name) {
      case COMPONENT_FLOW_STEPS.STOP_COMPONENTS:
        return { run: signal => switchAll('stopped', signal) };
      case REMOVE_BACKUP_VOLUME_CLAIMS_STEP:
        return { run: signal => removeClaims(context, parameters(), signal) };
      case RESTORE_NAMESPACE_STEP:
        return { run: signal => restore(context, parameters(), signal) };
      case COMPONENT_FLOW_STEPS.START_COMPONENTS:
        return { run: signal => switchAll('started', signal) };
      default:
        return undefined;
    }
  };
}

async function removeClaims(
  context: RestoreFlowContext,
  parameters: RestoreBackupParameters,
  signal: AbortSignal,
): Promise<void> {
  const { velero, run } = context;
  const { namespace, veleroBackupName } = parameters;
  if (!(await velero.read<VeleroBackup>('Backup', veleroBackupName))) {
    throw new Error(
      `The Velero Backup ${velero.namespace}/${veleroBackupName} is not in the cluster: Velero syncs it from its storage location while the location is Available`,
    );
  }
  const core = context.kubeConfig.makeApiClient(CoreV1Api);
  const apps = context.kubeConfig.makeApiClient(AppsV1Api);
  const [podVolumeBackups, claims, statefulSets, deployments] =
    await Promise.all([
      velero.list<VeleroPodVolumeBackup>(
        'PodVolumeBackup',
        `${VELERO_BACKUP_NAME_LABEL}=${veleroBackupName}`,
      ),
      core.listNamespacedPersistentVolumeClaim({ namespace }),
      apps.listNamespacedStatefulSet({ namespace }),
      apps.listNamespacedDeployment({ namespace }),
    ]);
  const names = claimsOfBackup(podVolumeBackups, {
    claims: claims.items,
    statefulSets: statefulSets.items,
    deployments: deployments.items,
  });
  for (const name of names) {
    try {
      await core.deleteNamespacedPersistentVolumeClaim({ name, namespace });
      run.log.info('Deleted PersistentVolumeClaim', {
        PersistentVolumeClaim: `${namespace}/${name}`,
      });
    } catch (error) {
      if ((error as { code?: number }).code !== 404) {
        throw error;
      }
    }
  }
  const timeoutMs = context.claimsTimeoutMs ?? 10 * 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = (
      await core.listNamespacedPersistentVolumeClaim({ namespace })
    ).items
      .map(claim => claim.metadata!.name!)
      .filter(name => names.includes(name));
    if (left.length === 0) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The claims ${left.join(
          ', ',
        )} of ${namespace} are still there after ${Math.round(
          timeoutMs / 60_000,
        )} minutes: a pod may still use them`,
      );
    }
    await sleep(context.pollIntervalMs ?? 1_000, signal);
  }
}

async function restore(
  context: RestoreFlowContext,
  parameters: RestoreBackupParameters,
  signal: AbortSignal,
): Promise<void> {
  const { velero, run } = context;
  const name = parameters.veleroRestoreName;
  if (!(await velero.read<VeleroRestore>('Restore', name))) {
    await velero.create(
      desiredRestore({
        name,
        veleroNamespace: velero.namespace,
        backupName: parameters.veleroBackupName,
        sourceNamespace: parameters.sourceNamespace,
        namespace: parameters.namespace,
        labels: {
          [VELERO_OBJECT_LABELS.deploymentId]: parameters.deploymentId,
          [VELERO_OBJECT_LABELS.backupId]: parameters.backupId,
          [VELERO_OBJECT_LABELS.restoreId]: parameters.restoreId,
        },
      }),
    );
    run.log.info('Created Restore', { Restore: `${velero.namespace}/${name}` });
  }
  await followVelero<
    VeleroRestore,
    Omit<AgentRestoreStatusReport, 'observedAt'>
  >({
    velero,
    kind: 'Restore',
    name,
    signal,
    log: run.log,
    unprocessedTimeoutMs: context.unprocessedTimeoutMs,
    retryDelayMs: context.retryDelayMs,
    observe: async object => {
      if (!object) {
        throw new Error(
          `The Velero Restore ${velero.namespace}/${name} was deleted before it ended`,
        );
      }
      const status = restoreStatus(object);
      return {
        status,
        outcome: veleroOutcome(`Velero restore ${name}`, status),
      };
    },
    report: status =>
      context.reports.restore(parameters.restoreId, {
        ...status,
        observedAt: new Date().toISOString(),
      }),
  });
}
