import {
  AgentBackupStatusReport,
  AgentRestoreStatusReport,
  BACK_UP_NAMESPACE_STEP,
  CreateBackupParameters,
  DELETE_BACKUP_STEP,
  DeleteBackupParameters,
  VELERO_OBJECT_LABELS,
} from '@styrmin/plugin-styrmin-common';
import { z } from 'zod/v4';
import { desiredBackup } from '../velero/desired/backup';
import { desiredDeleteBackupRequest } from '../velero/desired/deleteBackupRequest';
import {
  VELERO_BACKUP_NAME_LABEL,
  VeleroBackup,
  VeleroBackupStorageLocation,
  VeleroDeleteBackupRequest,
  VeleroPodVolumeBackup,
} from '../velero/velero';
import { VeleroClient } from '../velero/VeleroClient';
import { backupStatus, veleroOutcome } from '../velero/veleroStatus';
import { ClaimedRun } from './ClaimedRun';
import { FlowStepRunners } from './StepRunner';
import { DEFAULT_UNPROCESSED_TIMEOUT_MS, followVelero } from './followVelero';

/** Where the backup flows send what they read of Velero's objects (the agent protocol). */
export interface VeleroReports {
  backup(backupId: string, report: AgentBackupStatusReport): Promise<unknown>;
  restore(
    restoreId: string,
    report: AgentRestoreStatusReport,
  ): Promise<unknown>;
}

/** @public */
export interface BackupFlowContext {
  run: ClaimedRun;
  velero: VeleroClient;
  reports: VeleroReports;
  /** Asks the location keeper to read the server's locations now. */
  resyncLocations?: () => void;
  /** How long Velero may leave an object unprocessed; and a location unvalidated. */
  unprocessedTimeoutMs?: number;
  /** The first wait before a report that got no answer is sent again. */
  retryDelayMs?: number;
}

/** The run's parameters by the flow's schema, or an error that says what is wrong. */
export function flowParameters<T>(run: ClaimedRun, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(run.run.parameters);
  if (!parsed.success) {
    throw new Error(
      `Flow ${
        run.run.flow
      } came with parameters this agent cannot read: ${z.prettifyError(
        parsed.error,
      )}`,
    );
  }
  return parsed.data;
}

const observedNow = () => new Date().toISOString();

/**
 * The steps of CREATE_BACKUP and DELETE_BACKUP.
 *
 * "Back up the namespace": the Velero Backup of the deployment's namespace (desiredBackup),
 * created once its location exists and Velero has validated it (so that a new location
 * is not refused for want of a first validation), then followed until it ends: every change
 * is reported (phase, progress, size of the volumes' copies, errors in words, times), and
 * the step ends with it, failing with Velero's words unless Completed. The Backup is found
 * by name when it exists, so that a run claimed again follows what the first attempt made.
 *
 * "Delete the backup from its storage location": a DeleteBackupRequest for the Backup,
 * done when the Backup is gone (at once when it already was); a request that Velero
 * processed with errors fails the step with them, and a new task sends a new request.
 */
export function backupFlowSteps(context: BackupFlowContext): FlowStepRunners {
  return name => {
    switch (name) {
      case BACK_UP_NAMESPACE_STEP:
        return { run: signal => backUpNamespace(context, signal) };
      case DELETE_BACKUP_STEP:
        return { run: signal => deleteBackup(context, signal) };
      default:
        return undefined;
    }
  };
}

async function backUpNamespace(
  context: BackupFlowContext,
  signal: AbortSignal,
): Promise<void> {
  const { run, velero } = context;
  const parameters = flowParameters(run, CreateBackupParameters);
  const name = parameters.veleroBackupName;
  if (!(await velero.read<VeleroBackup>('Backup', name))) {
    await untilLocationValidated(context, parameters.storageLocation, signal);
    await velero.create(
      desiredBackup({
        name,
        veleroNamespace: velero.namespace,
        namespace: parameters.namespace,
        storageLocation: parameters.storageLocation,
        ttl: parameters.ttl,
        labels: parameters.labels,
      }),
    );
    run.log.info('Created Backup', { Backup: `${velero.namespace}/${name}` });
  }
  await followVelero<VeleroBackup, Omit<AgentBackupStatusReport, 'observedAt'>>(
    {
      velero,
      kind: 'Backup',
      name,
      signal,
      log: run.log,
      unprocessedTimeoutMs: context.unprocessedTimeoutMs,
      retryDelayMs: context.retryDelayMs,
      observe: async backup => {
        if (!backup) {
          throw new Error(
            `The Velero Backup ${velero.namespace}/${name} was deleted before it ended`,
          );
        }
        const [podVolumeBackups, location] = await Promise.all([
          velero.list<VeleroPodVolumeBackup>(
            'PodVolumeBackup',
            `${VELERO_BACKUP_NAME_LABEL}=${name}`,
          ),
          backup.status?.phase === 'FailedValidation'
            ? velero.read<VeleroBackupStorageLocation>(
                'BackupStorageLocation',
                parameters.storageLocation,
              )
            : undefined,
        ]);
        const status = backupStatus(backup, podVolumeBackups, location);
        return {
          status,
          outcome: veleroOutcome(`Velero backup ${name}`, status),
        };
      },
      report: status =>
        context.reports.backup(parameters.backupId, {
          ...status,
          observedAt: observedNow(),
        }),
    },
  );
}

/**
 * Waits until the location's Velero object exists and Velero has given it a phase
 * (validated it once), asking the keeper to read the server's locations when it is not
 * there yet. After the wait, the Backup is made whatever the location's state: Velero
 * then refuses it in its own words (FailedValidation).
 */
async function untilLocationValidated(
  context: BackupFlowContext,
  location: string,
  signal: AbortSignal,
): Promise<void> {
  const { velero } = context;
  const deadline =
    Date.now() +
    (context.unprocessedTimeoutMs ?? DEFAULT_UNPROCESSED_TIMEOUT_MS);
  let asked = false;
  for (;;) {
    const current = await velero.read<VeleroBackupStorageLocation>(
      'BackupStorageLocation',
      location,
    );
    if (current?.status?.phase || Date.now() > deadline) {
      return;
    }
    if (!current && !asked) {
      context.resyncLocations?.();
      asked = true;
    }
    await velero.waitForChange({
      kind: 'BackupStorageLocation',
      name: location,
      resourceVersion: current?.metadata?.resourceVersion,
      signal,
      maxWaitMs: Math.max(0, Math.min(30_000, deadline - Date.now())),
    });
  }
}

async function deleteBackup(
  context: BackupFlowContext,
  signal: AbortSignal,
): Promise<void> {
  const { run, velero } = context;
  const { veleroBackupName: name, backupId } = flowParameters(
    run,
    DeleteBackupParameters,
  );
  const ref = `${velero.namespace}/${name}`;
  if (!(await velero.read('Backup', name))) {
    run.log.info('Backup is gone already', { Backup: ref });
    return;
  }
  let request = await velero.read<VeleroDeleteBackupRequest>(
    'DeleteBackupRequest',
    name,
  );
  if (request?.status?.phase === 'Processed') {
    // An earlier task's request that left the backup: this task asks again.
    await velero.delete('DeleteBackupRequest', name);
    request = undefined;
  }
  if (!request) {
    await velero.create(
      desiredDeleteBackupRequest({
        backupName: name,
        veleroNamespace: velero.namespace,
        labels: { [VELERO_OBJECT_LABELS.backupId]: backupId },
      }),
    );
    run.log.info('Created DeleteBackupRequest', { DeleteBackupRequest: ref });
  }
  await followVelero<VeleroDeleteBackupRequest, string>({
    velero,
    kind: 'DeleteBackupRequest',
    name,
    signal,
    log: run.log,
    unprocessedTimeoutMs: context.unprocessedTimeoutMs,
    retryDelayMs: context.retryDelayMs,
    observe: async deleteRequest => {
      const phase = deleteRequest?.status?.phase ?? 'New';
      if (phase !== 'Processed' && deleteRequest) {
        return { status: phase, outcome: { ended: false } };
      }
      if (!(await velero.read('Backup', name))) {
        return { status: phase, outcome: { ended: true, succeeded: true } };
      }
      const errors = deleteRequest?.status?.errors ?? [];
      return {
        status: phase,
        outcome: {
          ended: true,
          succeeded: false,
          error: deleteRequest
            ? `Velero could not delete backup ${name}${
                errors.length ? `: ${errors.join('; ')}` : ''
              }`
            : `The DeleteBackupRequest ${ref} was deleted before Velero processed it`,
        },
      };
    },
    // Nothing to tell the server until the backup is gone: the run's end says it.
    report: async () => undefined,
  });
  run.log.info('Deleted Backup', { Backup: ref });
}
