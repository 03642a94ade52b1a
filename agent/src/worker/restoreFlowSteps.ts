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
import { FlowStepRunners } from './StepRunner';
import { followVelero } from './followVelero';
import { switchComponents } from './switchComponents';

/**
 * The annotation of the StyrminDeployment that names, by restore, the components an
 * in-place restore stopped: those that ran before it, which it starts again, and only
 * they (a component stopped by hand stays stopped).
 */
export const STOPPED_FOR_RESTORE_ANNOTATION = 'styrmin.io/stopped-for-restore';

interface StoppedForRestore {
  restoreId: string;
  components: string[];
}

function stoppedForRestore(
  annotations: Record<string, string> | undefined,
): StoppedForRestore | undefined {
  try {
    const value = JSON.parse(
      annotations?.[STOPPED_FOR_RESTORE_ANNOTATION] ?? 'null',
    );
    return typeof value?.restoreId === 'string' &&
      Array.isArray(value.components)
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

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
 *   (switchComponents), so that no pod holds a claim; those that ran are named in the
 *   resource's annotation STOPPED_FOR_RESTORE_ANNOTATION first;
 * - "Remove the volume claims of the backup": the claims that the backup's
 *   PodVolumeBackups copied (claimsOfBackup), deleted, and waited for until gone;
 * - "Restore the namespace": the Velero Restore (desiredRestore,
 *   `existingResourcePolicy: update`), followed and reported until it ends, failing with
 *   Velero's words unless Completed;
 * - "Start the components": the components the annotation names again, with their
 *   replica counts (one stopped by hand before the restore stays stopped), then the
 *   annotation goes.
 * Each step can run again after a claim of the run: the components' switch is a state,
 * claims that are gone are done, and the Restore is found by name.
 */
export function restoreFlowSteps(context: RestoreFlowContext): FlowStepRunners {
  const { run } = context;
  const parameters = () => flowParameters(run, RestoreBackupParameters);
  return name => {
    switch (name) {
      case COMPONENT_FLOW_STEPS.STOP_COMPONENTS:
        return { run: signal => stop(context, parameters(), signal) };
      case REMOVE_BACKUP_VOLUME_CLAIMS_STEP:
        return { run: signal => removeClaims(context, parameters(), signal) };
      case RESTORE_NAMESPACE_STEP:
        return { run: signal => restore(context, parameters(), signal) };
      case COMPONENT_FLOW_STEPS.START_COMPONENTS:
        return { run: signal => start(context, parameters(), signal) };
      default:
        return undefined;
    }
  };
}

const switchTo = (
  context: RestoreFlowContext,
  options: { deploymentId: string; components: string[] },
  to: 'stopped' | 'started',
  signal: AbortSignal,
) =>
  switchComponents({
    kubeConfig: context.kubeConfig,
    deployments: context.deployments,
    deploymentId: options.deploymentId,
    components: options.components,
    to,
    signal,
    pollIntervalMs: context.pollIntervalMs,
  });

/**
 * Names the components that run (and those an earlier restore that did not end stopped)
 * in the annotation, once per restore, then stops them all.
 */
async function stop(
  context: RestoreFlowContext,
  parameters: RestoreBackupParameters,
  signal: AbortSignal,
): Promise<void> {
  const { deploymentId, restoreId, components } = parameters;
  const resource = await context.deployments.read(deploymentId);
  const recorded = stoppedForRestore(resource?.metadata?.annotations);
  if (resource && recorded?.restoreId !== restoreId) {
    const stopped = resource.spec.stoppedComponents ?? [];
    const running = components.filter(c => !stopped.includes(c));
    const value: StoppedForRestore = {
      restoreId,
      components: [
        ...new Set([...(recorded?.components ?? []), ...running]),
      ].sort(),
    };
    await context.deployments.setAnnotation(
      deploymentId,
      STOPPED_FOR_RESTORE_ANNOTATION,
      JSON.stringify(value),
    );
  }
  await switchTo(context, parameters, 'stopped', signal);
}

/** Starts the components the annotation names for this restore, then removes it. */
async function start(
  context: RestoreFlowContext,
  parameters: RestoreBackupParameters,
  signal: AbortSignal,
): Promise<void> {
  const { deploymentId, restoreId } = parameters;
  const resource = await context.deployments.read(deploymentId);
  const recorded = stoppedForRestore(resource?.metadata?.annotations);
  // None: this step started them and removed it before (a run claimed again).
  const components =
    recorded?.restoreId === restoreId ? recorded.components : [];
  await switchTo(context, { deploymentId, components }, 'started', signal);
  await context.deployments.setAnnotation(
    deploymentId,
    STOPPED_FOR_RESTORE_ANNOTATION,
    undefined,
  );
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
