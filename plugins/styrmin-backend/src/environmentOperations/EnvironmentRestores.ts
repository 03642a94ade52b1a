import {
  ENVIRONMENT_FLOW_STEPS,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { Remediator } from '../remediator/Remediator';
import { EnvironmentOperation } from './EnvironmentOperation';
import { RestoreEnvironmentParameters } from './restoreAndCloneParameters';
import {
  EnvironmentRestorePlan,
  readEnvironmentRestorePlan,
  RestorePlanDeps,
} from './restorePlan';

const STEPS = ENVIRONMENT_FLOW_STEPS.RESTORE_ENVIRONMENT;

/**
 * Options of {@link EnvironmentRestores.create}.
 *
 * @internal
 */
export type EnvironmentRestoresOptions = RestorePlanDeps & {
  knex: Knex;
  environments: EnvironmentStore;
  remediator: Remediator;
};

/**
 * The environment restores: what one would do (its plan, which writes nothing), and its
 * start, which records the parent task (restore_environment, flow RESTORE_ENVIRONMENT in
 * the server's pool: `restoreEnvironmentFlow`) with the plan in its parameters, in one
 * transaction after the environment's row is locked.
 *
 * @internal
 */
export class EnvironmentRestores {
  readonly #deps: EnvironmentRestoresOptions;

  static create(options: EnvironmentRestoresOptions): EnvironmentRestores {
    return new EnvironmentRestores(options);
  }

  private constructor(options: EnvironmentRestoresOptions) {
    this.#deps = options;
  }

  /** What a restore of the environment backup would restore now, and what not, with why. */
  plan(options: {
    environmentBackupId: string;
  }): Promise<EnvironmentRestorePlan> {
    return this.#deps.knex.transaction(tx =>
      readEnvironmentRestorePlan(this.#deps, { tx, ...options }),
    );
  }

  /**
   * Starts an environment restore: its parent task, with one step per constituent the
   * plan restores. Refused, writing nothing: an unknown environment backup (NOT_FOUND); a
   * deleted environment, one with an environment operation that has not ended, or a plan
   * that restores nothing (CONFLICT, naming each constituent and its reason).
   */
  async restore(options: {
    environmentBackupId: string;
    createdBy: string;
  }): Promise<EnvironmentOperation> {
    const { environmentBackupId, createdBy } = options;
    const deps = this.#deps;
    return deps.knex.transaction(async tx => {
      const found = await deps.environmentBackups.getEnvironmentBackup({
        tx,
        id: environmentBackupId,
      });
      const environment =
        found &&
        (await deps.environments.getEnvironment({
          tx,
          id: found.environmentId,
          lock: true,
        }));
      const plan = await readEnvironmentRestorePlan(deps, {
        tx,
        environmentBackupId,
      });
      if (!environment) {
        throw new StyrminError(
          'CONFLICT',
          `Environment ${plan.view.environmentBackup.environment.name} was deleted: an environment restore creates no environment`,
        );
      }
      const { tasks: environmentTasks } = await deps.tasks.listTaskPage({
        tx,
        environmentId: environment.id,
        environmentTasks: true,
        limit: 20,
      });
      const open = environmentTasks.find(
        t => t.status === 'SCHEDULED' || t.status === 'RUNNING',
      );
      if (open) {
        throw new StyrminError(
          'CONFLICT',
          `Environment ${environment.name} has an environment operation that has not ended (task ${open.id})`,
        );
      }
      if (plan.restores.length === 0) {
        throw new StyrminError(
          'CONFLICT',
          `Environment backup ${environmentBackupId} has nothing to restore: ${plan.unrestorable
            .map(u => `${u.deploymentName} (${u.reason}): ${u.message}`)
            .join('; ')}`,
        );
      }
      const restores = plan.restores.map(({ deployment }) => ({
        deploymentId: deployment.deploymentId,
        deploymentName: deployment.name,
      }));
      const parameters: RestoreEnvironmentParameters = {
        environmentBackupId,
        restores,
        unrestorable: plan.unrestorable,
      };
      const { task } = await deps.remediator.recordEnvironmentTask({
        tx,
        environmentId: environment.id,
        task: {
          flowName: 'RESTORE_ENVIRONMENT',
          parameters,
          stepNames: [
            STEPS.configure,
            ...restores.map(r => STEPS.restore(r)),
            STEPS.report,
          ],
        },
        createdBy,
      });
      return { task, environment };
    });
  }
}
