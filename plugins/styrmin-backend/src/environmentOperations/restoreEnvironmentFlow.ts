import { NotFoundError } from '@backstage/errors';
import {
  createMergePatch,
  ENVIRONMENT_FLOW_STEPS,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { DeploymentBackups } from '../backups/DeploymentBackups';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { Flow, FlowStepRun } from '../flows/Flow';
import { FlowStepError } from '../flows/FlowStepError';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { SettingsChanges } from '../reconciliation/SettingsChanges';
import { Task } from '../tasks/TaskStore';
import { LinkedTasks } from './LinkedTasks';
import {
  plannedStepMatcher,
  RestoreEnvironmentParameters,
  restoreEnvironmentParametersOf,
} from './restoreAndCloneParameters';
import { readEnvironmentRestorePlan, RestorePlanDeps } from './restorePlan';
import { UnrestorableConstituent } from './restoreDecisions';
import { waitForRestoreTargets } from './restoreTargetsReady';

const STEPS = ENVIRONMENT_FLOW_STEPS.RESTORE_ENVIRONMENT;

/** The start keys of a constituent's step: its reconciliation, then its in-place restore. */
const DECLARED_STATE_KEY = 'declared-state';
const RESTORE_KEY = 'restore';

/**
 * What the RESTORE_ENVIRONMENT flow works with.
 *
 * @internal
 */
export type RestoreEnvironmentFlowDeps = RestorePlanDeps & {
  knex: Knex;
  environments: EnvironmentStore;
  settingsChanges: SettingsChanges;
  deploymentChanges: DeploymentChanges;
  deploymentBackups: DeploymentBackups;
  linkedTasks: LinkedTasks;
};

type Constituent = RestoreEnvironmentParameters['restores'][number];

/** What ends a start that had nothing to record: the declared state is the captured one. */
class Unchanged extends Error {}

/** The errors that refuse a change or a restore of one deployment, writing nothing. */
const REFUSALS = new Set([
  'StyrminError',
  'ConflictError',
  'NotFoundError',
  'InputError',
]);

/**
 * The RESTORE_ENVIRONMENT flow of the `server` pool (task restore_environment). Its steps:
 *
 * - "Apply the environment configuration": the captured overrides and backup storage
 *   location again, through the settings change path, which redeploys what they change
 *   (nothing when they are as captured, so that it can run again);
 * - one "Restore <deployment>" per constituent the plan restores: once the deployment has
 *   no task running, its declared state back to the captured one (driver version,
 *   application version, parameters, component overrides: a change with its own instance
 *   through `DeploymentChanges`, none when nothing differs), then its in-place restore,
 *   each a linked task started once (`LinkedTasks`) and waited for. A constituent that
 *   cannot be restored does not stop the others: the report names it;
 * - "Report what was not restored": every captured deployment that was not restored, with
 *   its name and reason (those the plan refused when the task was recorded, and those
 *   refused or failed in the run: RESTORE_FAILED), one line each in the step's error, which
 *   fails the task; with none, it succeeds.
 *
 * It never creates or deletes a deployment.
 *
 * @internal
 */
export function restoreEnvironmentFlow(deps: RestoreEnvironmentFlowDeps): Flow {
  return {
    name: 'RESTORE_ENVIRONMENT',
    steps: [
      {
        name: STEPS.configure,
        run: stepRun => applyConfiguration(deps, stepRun),
      },
      {
        name: STEPS.restore({ deploymentName: '<deployment>' }),
        matches: plannedStepMatcher(STEPS.restore),
        run: stepRun =>
          restoreConstituent(deps, stepRun, constituentOf(stepRun)),
      },
      { name: STEPS.report, run: stepRun => report(deps, stepRun) },
    ],
  };
}

function constituentOf(stepRun: FlowStepRun): Constituent {
  const { restores } = restoreEnvironmentParametersOf(stepRun.flowRun);
  const constituent = restores.find(
    c => STEPS.restore(c) === stepRun.step.name,
  );
  if (!constituent) {
    throw new Error(`The restore plans no step "${stepRun.step.name}"`);
  }
  return constituent;
}

async function capturedOf(
  deps: RestoreEnvironmentFlowDeps,
  stepRun: FlowStepRun,
) {
  const { environmentBackupId } = restoreEnvironmentParametersOf(
    stepRun.flowRun,
  );
  const environmentBackup = await deps.environmentBackups.getEnvironmentBackup({
    id: environmentBackupId,
  });
  if (!environmentBackup) {
    throw new Error(
      `Environment backup ${environmentBackupId} was deleted: what it captured is gone`,
    );
  }
  return environmentBackup;
}

async function applyConfiguration(
  deps: RestoreEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const environmentBackup = await capturedOf(deps, stepRun);
  const captured = environmentBackup.environment;
  const environment = await deps.environments.getEnvironment({
    id: environmentBackup.environmentId,
  });
  if (!environment) {
    throw new Error(`Environment ${captured.name} was deleted`);
  }
  await deps.settingsChanges.updateEnvironment({
    environmentId: environment.id,
    expectedVersion: environment.version,
    overridesPatch: createMergePatch(environment.overrides, captured.overrides),
    backupStorageLocation: captured.backupStorageLocation ?? null,
    updatedBy: stepRun.task.createdBy,
  });
}

/**
 * Restores one constituent in place once its deployment has no task running: its declared
 * state back to the captured one first (when it differs), then the in-place restore. A
 * refusal of either, or a failed task, is left for the report; what is not the
 * constituent's (the database, the step's end) fails the step.
 */
async function restoreConstituent(
  deps: RestoreEnvironmentFlowDeps,
  stepRun: FlowStepRun,
  constituent: Constituent,
): Promise<void> {
  const environmentBackup = await capturedOf(deps, stepRun);
  const captured = environmentBackup.deployments.find(
    d => d.deploymentId === constituent.deploymentId,
  )!;
  const updatedBy = stepRun.task.createdBy;
  await waitForRestoreTargets(deps, stepRun, {
    deploymentIds: [constituent.deploymentId],
  }).catch(refusedOr(stepRun));
  const declared = await deps.linkedTasks
    .start(stepRun, DECLARED_STATE_KEY, async (tx, startedBy) => {
      const current = await deps.deployments.getDeployment({
        tx,
        id: constituent.deploymentId,
      });
      const result = await deps.deploymentChanges.changeDeployment({
        tx,
        deploymentId: constituent.deploymentId,
        driverVersion: captured.driver.version,
        configurationPatch: createMergePatch(
          current?.configuration ?? {},
          captured.configuration,
        ),
        allowDowngrade: true,
        updatedBy,
        startedBy,
      });
      const task = result.redeployment?.remediation?.task;
      if (!result.changed || !task) {
        throw new Unchanged();
      }
      return task;
    })
    .catch(refusedOr(stepRun));
  if (declared) {
    const [ended] = await deps.linkedTasks.waitFor(stepRun, [declared.id]);
    if (ended.result !== 'SUCCEEDED') {
      return;
    }
    await waitForRestoreTargets(deps, stepRun, {
      deploymentIds: [constituent.deploymentId],
    }).catch(refusedOr(stepRun));
  }
  const restore = await deps.linkedTasks
    .start(stepRun, RESTORE_KEY, async (tx, startedBy) => {
      const restored = await deps.deploymentBackups.restoreBackup({
        tx,
        backupId: captured.backupId,
        createdBy: updatedBy,
        startedBy,
      });
      return (await deps.tasks.getTask({ tx, taskId: restored.taskId }))!;
    })
    .catch(refusedOr(stepRun));
  if (restore) {
    await deps.linkedTasks.waitFor(stepRun, [restore.id]);
  }
}

/**
 * What a constituent's start does with an error: a refusal of the constituent (a coded
 * error, nothing to change) is answered undefined, for the report to name; anything else,
 * and whatever the step's end aborted, fails the step.
 */
function refusedOr(stepRun: FlowStepRun) {
  return (error: unknown): undefined => {
    if (
      !stepRun.signal.aborted &&
      (error instanceof Unchanged || REFUSALS.has((error as Error)?.name))
    ) {
      return undefined;
    }
    throw error;
  };
}

/**
 * Fails the step, one line per captured deployment not restored, when there is one: the
 * plan's refusals as recorded, then each planned constituent whose in-place restore did
 * not succeed, with the refusal that applies now, or RESTORE_FAILED.
 */
async function report(
  deps: RestoreEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const parameters = restoreEnvironmentParametersOf(stepRun.flowRun);
  const plan = await deps.knex
    .transaction(tx =>
      readEnvironmentRestorePlan(deps, {
        tx,
        environmentBackupId: parameters.environmentBackupId,
      }),
    )
    // Deleted since: what applies now is unknown, and the run's own records tell the rest.
    .catch(error => {
      if (error instanceof NotFoundError) {
        return undefined;
      }
      throw error;
    });
  const unrestorable: UnrestorableConstituent[] = [...parameters.unrestorable];
  for (const constituent of parameters.restores) {
    const step = stepRun.task.steps.find(
      s => s.name === STEPS.restore(constituent),
    );
    const restored =
      step && (await linkedTask(deps, stepRun, step.id, RESTORE_KEY));
    if (restored?.status === 'SUCCEEDED') {
      continue;
    }
    const declared =
      step && (await linkedTask(deps, stepRun, step.id, DECLARED_STATE_KEY));
    const refusedNow = plan?.unrestorable.find(
      u => u.deploymentName === constituent.deploymentName,
    );
    const failed = (message: string): UnrestorableConstituent => ({
      deploymentName: constituent.deploymentName,
      reason: 'RESTORE_FAILED',
      message,
    });
    const name = constituent.deploymentName;
    if (restored) {
      unrestorable.push(
        failed(
          `The in-place restore of ${name} ${restored.status} (task ${restored.id})`,
        ),
      );
    } else if (declared && declared.status !== 'SUCCEEDED') {
      unrestorable.push(
        failed(
          `Putting the declared state of ${name} back ${declared.status} (task ${declared.id})`,
        ),
      );
    } else {
      unrestorable.push(
        refusedNow ??
          failed(`The restore of ${name} was refused when its step ran`),
      );
    }
  }
  if (unrestorable.length === 0) {
    return;
  }
  const lines = unrestorable
    .sort((a, b) => a.deploymentName.localeCompare(b.deploymentName))
    .map(u => `${u.deploymentName}: ${u.reason}: ${u.message}`);
  const captured = parameters.restores.length + parameters.unrestorable.length;
  throw new FlowStepError(
    `${
      lines.length
    } of the ${captured} deployments the backup captured were not restored:\n${lines.join(
      '\n',
    )}`,
    { output: lines.join('\n') },
  );
}

/** The task that a step started under a key, if it started one. */
async function linkedTask(
  deps: RestoreEnvironmentFlowDeps,
  stepRun: FlowStepRun,
  stepId: string,
  key: string,
): Promise<Task | undefined> {
  return deps.tasks.getTaskByStartKey({
    startKey: `${stepRun.flowRun.id}/${stepId}/${key}`,
  });
}
