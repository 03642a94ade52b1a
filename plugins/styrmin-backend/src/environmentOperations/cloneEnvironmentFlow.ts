import { ENVIRONMENT_FLOW_STEPS } from '@styrmin/plugin-styrmin-common';
import { DeploymentBackups } from '../backups/DeploymentBackups';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { Flow, FlowStepRun } from '../flows/Flow';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { TaskStore } from '../tasks/TaskStore';
import { backUpEnvironmentInStep } from './backUpEnvironmentInStep';
import { EnvironmentBackups } from './EnvironmentBackups';
import { CapturedDeployment } from './EnvironmentBackupStore';
import { EndedLinkedTask, LinkedTasks } from './LinkedTasks';
import {
  CloneEnvironmentParameters,
  cloneEnvironmentParametersOf,
  plannedStepMatcher,
} from './restoreAndCloneParameters';
import { waitForRestoreTargets } from './restoreTargetsReady';

const STEPS = ENVIRONMENT_FLOW_STEPS.CLONE_ENVIRONMENT;

/** The start keys of the clone's steps. */
const createKey = (name: string) => `create/${name}`;
const RESTORE_KEY = 'restore';

/**
 * What the CLONE_ENVIRONMENT flow works with.
 *
 * @internal
 */
export type CloneEnvironmentFlowDeps = {
  deployments: DeploymentStore;
  tasks: TaskStore;
  deploymentChanges: DeploymentChanges;
  deploymentBackups: DeploymentBackups;
  environmentBackupService: EnvironmentBackups;
  linkedTasks: LinkedTasks;
};

type PlannedDeployment = CloneEnvironmentParameters['deployments'][number];

/**
 * The CLONE_ENVIRONMENT flow of the `server` pool (task clone_environment). The new
 * environment is recorded with the task; its steps:
 *
 * - "Back up the environment", when no environment backup was named: one of the source,
 *   under the id the task chose, its constituents' create_backup tasks linked and waited
 *   for; anything but COMPLETED fails the clone;
 * - "Create the deployments": one per deployment the backup captured, from its captured
 *   declared state, under the id the task chose, through `DeploymentChanges` (its
 *   create_instance task linked); the environment's generator gives their contexts the
 *   addresses of the clone's own deployments;
 * - "Wait for the deployments to run": their creations ended, each RUNNING with no task
 *   running (the redeployments that each creation caused among the others);
 * - one "Restore <deployment> from its constituent" per deployment: a cross-target restore
 *   of its source's constituent into its own namespace, linked and waited for.
 *
 * Every start goes through `LinkedTasks`, so that a step run again (another worker after a
 * crash) finds what it started and creates no deployment twice.
 *
 * @internal
 */
export function cloneEnvironmentFlow(deps: CloneEnvironmentFlowDeps): Flow {
  return {
    name: 'CLONE_ENVIRONMENT',
    steps: [
      { name: STEPS.backUp, run: stepRun => backUp(deps, stepRun) },
      { name: STEPS.create, run: stepRun => create(deps, stepRun) },
      { name: STEPS.waitRunning, run: stepRun => waitRunning(deps, stepRun) },
      {
        name: STEPS.restore({ deploymentName: '<deployment>' }),
        matches: plannedStepMatcher(STEPS.restore),
        run: stepRun => restore(deps, stepRun),
      },
    ],
  };
}

/** An environment backup of the source, under the id the task chose. */
async function backUp(
  deps: CloneEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const parameters = cloneEnvironmentParametersOf(stepRun.flowRun);
  await backUpEnvironmentInStep(deps, stepRun, {
    id: parameters.environmentBackupId,
    environmentId: parameters.sourceEnvironmentId,
  });
}

/** What the clone creates: each captured deployment with the id the task chose for it. */
async function clonedDeployments(
  deps: CloneEnvironmentFlowDeps,
  parameters: CloneEnvironmentParameters,
): Promise<
  Array<{ planned: PlannedDeployment; captured: CapturedDeployment }>
> {
  const view = await deps.environmentBackupService.getEnvironmentBackup({
    id: parameters.environmentBackupId,
  });
  if (!view) {
    throw new Error(
      `Environment backup ${parameters.environmentBackupId} was deleted: the clone has nothing to create from`,
    );
  }
  const captured = view.environmentBackup.deployments;
  const names = (list: Array<{ name: string }>) =>
    list
      .map(d => d.name)
      .sort()
      .join(', ');
  if (names(captured) !== names(parameters.deployments)) {
    throw new Error(
      `The environment backup captured ${names(
        captured,
      )}, the clone planned ${names(
        parameters.deployments,
      )}: start the clone again`,
    );
  }
  return parameters.deployments.map(planned => ({
    planned,
    captured: captured.find(d => d.name === planned.name)!,
  }));
}

async function create(
  deps: CloneEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const parameters = cloneEnvironmentParametersOf(stepRun.flowRun);
  for (const { planned, captured } of await clonedDeployments(
    deps,
    parameters,
  )) {
    await deps.linkedTasks.start(
      stepRun,
      createKey(planned.name),
      async (tx, startedBy) => {
        const result = await deps.deploymentChanges.createDeployment({
          tx,
          id: planned.deploymentId,
          environmentId: parameters.environmentId,
          name: planned.name,
          driver: captured.driver,
          configuration: captured.configuration,
          createdBy: stepRun.task.createdBy,
          startedBy,
        });
        return result.redeployment!.remediation!.task;
      },
    );
  }
}

async function waitRunning(
  deps: CloneEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const parameters = cloneEnvironmentParametersOf(stepRun.flowRun);
  const createStep = stepRun.task.steps.find(s => s.name === STEPS.create)!;
  const creations = await deps.tasks.getTasks({
    taskIds: createStep.startedTaskIds,
  });
  const ended = await deps.linkedTasks.waitFor(
    stepRun,
    creations.map(task => task.id),
  );
  failUnlessSucceeded(ended, 'The creation of', parameters);
  await waitForRestoreTargets(deps, stepRun, {
    deploymentIds: parameters.deployments.map(d => d.deploymentId),
    running: true,
  });
}

async function restore(
  deps: CloneEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const parameters = cloneEnvironmentParametersOf(stepRun.flowRun);
  const target = (await clonedDeployments(deps, parameters)).find(
    d =>
      STEPS.restore({ deploymentName: d.planned.name }) === stepRun.step.name,
  );
  if (!target) {
    throw new Error(`The clone plans no step "${stepRun.step.name}"`);
  }
  const task = await deps.linkedTasks.start(
    stepRun,
    RESTORE_KEY,
    async (tx, startedBy) => {
      const restored = await deps.deploymentBackups.restoreIntoClone({
        tx,
        backupId: target.captured.backupId,
        deploymentId: target.planned.deploymentId,
        createdBy: stepRun.task.createdBy,
        startedBy,
      });
      return (await deps.tasks.getTask({ tx, taskId: restored.taskId }))!;
    },
  );
  failUnlessSucceeded(
    await deps.linkedTasks.waitFor(stepRun, [task.id]),
    'The cross-target restore of',
    parameters,
  );
}

/** Fails the step naming each linked task that did not succeed, by its deployment's name. */
function failUnlessSucceeded(
  ended: EndedLinkedTask[],
  what: string,
  parameters: CloneEnvironmentParameters,
): void {
  const nameOf = (deploymentId: string | null) =>
    parameters.deployments.find(d => d.deploymentId === deploymentId)?.name ??
    deploymentId;
  const failed = ended.filter(({ result }) => result !== 'SUCCEEDED');
  if (failed.length > 0) {
    throw new Error(
      failed
        .map(
          ({ task, result }) =>
            `${what} ${nameOf(task.deploymentId)} ${result} (task ${task.id})`,
        )
        .join('; '),
    );
  }
}
