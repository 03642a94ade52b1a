import { toError } from '@backstage/errors';
import {
  ENVIRONMENT_FLOW_STEPS,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { TaskStore } from '../tasks/TaskStore';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { Flow, FlowStepRun } from '../flows/Flow';
import { FlowStepError } from '../flows/FlowStepError';
import { backUpEnvironmentInStep } from './backUpEnvironmentInStep';
import { EnvironmentBackups } from './EnvironmentBackups';
import { LinkedTasks } from './LinkedTasks';
import {
  UpgradeEnvironmentParameters,
  upgradeEnvironmentParametersOf,
} from './upgradeEnvironmentParameters';

const STEPS = ENVIRONMENT_FLOW_STEPS.UPGRADE_ENVIRONMENT;

/**
 * What the UPGRADE_ENVIRONMENT flow works with.
 *
 * @internal
 */
export type UpgradeEnvironmentFlowDeps = {
  linkedTasks: LinkedTasks;
  tasks: TaskStore;
  deploymentChanges: DeploymentChanges;
  environmentBackupService: EnvironmentBackups;
};

type PlannedStep = UpgradeEnvironmentParameters['upgrades'][number];

/**
 * The UPGRADE_ENVIRONMENT flow of the `server` pool (task upgrade_environment), its steps
 * as the task plans them:
 *
 * - "Back up the environment" (with backupFirst): an environment backup under the id the
 *   task chose (`backUpEnvironmentInStep`), whose constituents' create_backup tasks are
 *   its linked tasks; it fails unless the backup is COMPLETED, so that no upgrade starts
 *   without its backup;
 * - one "Upgrade <deployment> to <version>" per planned upgrade, in the plan's order: the
 *   deployment's upgrade (`DeploymentChanges`, with its own instance and upgrade hook),
 *   started once (LinkedTasks) and waited for. A failed upgrade fails its step, so the
 *   steps after it never run; the step's error says which upgrades ran and which did not.
 *
 * @internal
 */
export function upgradeEnvironmentFlow(deps: UpgradeEnvironmentFlowDeps): Flow {
  return {
    name: 'UPGRADE_ENVIRONMENT',
    steps: [
      { name: STEPS.backUp, run: stepRun => backUp(deps, stepRun) },
      {
        name: STEPS.upgrade({
          deploymentName: '<deployment>',
          toVersion: '<version>',
        }),
        matches: stepName => stepName.startsWith('Upgrade '),
        run: stepRun => upgradeOne(deps, stepRun),
      },
    ],
  };
}

async function backUp(
  deps: UpgradeEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const { environmentId, environmentBackupId } = upgradeEnvironmentParametersOf(
    stepRun.flowRun,
  );
  if (!environmentBackupId) {
    throw new Error(
      `Flow run ${stepRun.flowRun.id} backs up first but names no environment backup`,
    );
  }
  try {
    await backUpEnvironmentInStep(deps, stepRun, {
      id: environmentBackupId,
      environmentId,
    });
  } catch (error) {
    if (stepRun.signal.aborted || !(error instanceof FlowStepError)) {
      throw error;
    }
    throw new FlowStepError(`${error.message}: no deployment was upgraded`);
  }
}

async function upgradeOne(
  deps: UpgradeEnvironmentFlowDeps,
  stepRun: FlowStepRun,
): Promise<void> {
  const parameters = upgradeEnvironmentParametersOf(stepRun.flowRun);
  const index = parameters.upgrades.findIndex(
    upgrade => STEPS.upgrade(upgrade) === stepRun.step.name,
  );
  if (index === -1) {
    throw new Error(
      `The plan of flow run ${stepRun.flowRun.id} has no step "${stepRun.step.name}"`,
    );
  }
  const planned = parameters.upgrades[index];
  const outcome = (what: string) =>
    `${what}. ${ranAndNot(parameters.upgrades, index)}`;
  let taskId: string;
  try {
    const task = await deps.linkedTasks.start(
      stepRun,
      `upgrade/${planned.deploymentId}`,
      async (tx, startedBy) => {
        const result = await deps.deploymentChanges.changeDeployment({
          tx,
          deploymentId: planned.deploymentId,
          driverVersion: planned.toVersion,
          allowDowngrade: parameters.allowDowngrade,
          updatedBy: stepRun.task.createdBy,
          startedBy,
        });
        const started = result.redeployment?.remediation?.task;
        if (!started) {
          throw new StyrminError(
            'CONFLICT',
            `${planned.deploymentName} is at ${planned.toVersion} already: there was nothing to upgrade`,
          );
        }
        return started;
      },
    );
    taskId = task.id;
  } catch (error) {
    if (stepRun.signal.aborted) {
      throw error;
    }
    // Refused (the deployment changed since the plan, say): the step fails with the plan.
    throw new FlowStepError(
      outcome(
        `The upgrade of ${planned.deploymentName} could not start: ${
          toError(error).message
        }`,
      ),
      { cause: error },
    );
  }
  const [{ result }] = await deps.linkedTasks.waitFor(stepRun, [taskId]);
  if (result !== 'SUCCEEDED') {
    throw new FlowStepError(
      outcome(
        `The upgrade of ${planned.deploymentName} from ${planned.fromVersion} to ${planned.toVersion} ended ${result} (task ${taskId})`,
      ),
    );
  }
}

/** Which of the plan's upgrades ran before the one at `index`, and which will not run. */
function ranAndNot(upgrades: readonly PlannedStep[], index: number): string {
  const names = (list: readonly PlannedStep[]) =>
    list.length === 0
      ? 'none'
      : list.map(u => `${u.deploymentName} (${u.toVersion})`).join(', ');
  return (
    `Upgraded before it: ${names(upgrades.slice(0, index))}; ` +
    `not run: ${names(upgrades.slice(index + 1))}`
  );
}
