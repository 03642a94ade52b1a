import { FlowStepRun } from '../flows/Flow';
import { FlowStepError } from '../flows/FlowStepError';
import { TaskStore } from '../tasks/TaskStore';
import { EnvironmentBackups } from './EnvironmentBackups';
import {
  EnvironmentBackupConstituent,
  EnvironmentBackupView,
} from './environmentBackupStatus';
import { LinkedTasks } from './LinkedTasks';

/** The start key of an environment backup that a step takes. */
const BACKUP_KEY = 'backup';

/**
 * What {@link backUpEnvironmentInStep} works with.
 *
 * @internal
 */
export type BackUpEnvironmentInStepDeps = {
  linkedTasks: LinkedTasks;
  tasks: TaskStore;
  environmentBackupService: EnvironmentBackups;
};

/**
 * The "Back up the environment" step of an environment flow: an environment backup under
 * the id its task chose (`id`), its constituents' create_backup tasks linked to the step
 * (started once, see {@link LinkedTasks}) and waited for. Anything but COMPLETED fails the
 * step, naming each constituent that is not Completed, so that nothing that needs the
 * backup runs without it. Answers the environment backup.
 *
 * @internal
 */
export async function backUpEnvironmentInStep(
  deps: BackUpEnvironmentInStepDeps,
  stepRun: FlowStepRun,
  options: { id: string; environmentId: string },
): Promise<EnvironmentBackupView> {
  const started = await deps.linkedTasks.startMany(
    stepRun,
    BACKUP_KEY,
    async (tx, startedBy) => {
      const view = await deps.environmentBackupService.createEnvironmentBackup({
        tx,
        id: options.id,
        environmentId: options.environmentId,
        createdBy: stepRun.task.createdBy,
        startedBy,
      });
      return deps.tasks.getTasks({
        tx,
        taskIds: view.constituents.flatMap(c =>
          c.backup ? [c.backup.taskId] : [],
        ),
      });
    },
  );
  await deps.linkedTasks.waitFor(
    stepRun,
    started.map(task => task.id),
  );
  const view = await deps.environmentBackupService.getEnvironmentBackup({
    id: options.id,
  });
  if (view?.status !== 'COMPLETED') {
    const failed = (view?.constituents ?? [])
      .filter(c => c.backup?.status.phase !== 'Completed')
      .map(c => `${c.deployment.name} (${constituentPhase(c)})`);
    throw new FlowStepError(
      `The environment backup ${options.id} is ${
        view?.status ?? 'gone'
      }: ${failed.join(', ')}`,
    );
  }
  return view;
}

/** What a constituent's backup is at: its Velero phase, not reported yet, or gone. */
function constituentPhase(constituent: EnvironmentBackupConstituent): string {
  if (!constituent.backup) {
    return 'gone';
  }
  return constituent.backup.status.phase ?? 'no phase reported';
}
