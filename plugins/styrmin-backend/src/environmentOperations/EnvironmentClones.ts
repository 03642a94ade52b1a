import {
  ENVIRONMENT_FLOW_STEPS,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { Remediator } from '../remediator/Remediator';
import {
  ClonePlanDeps,
  CloneRequest,
  EnvironmentClonePlanView,
  readEnvironmentClonePlan,
} from './clonePlanRecords';
import { EnvironmentOperation } from './EnvironmentOperation';
import { CloneEnvironmentParameters } from './restoreAndCloneParameters';

const STEPS = ENVIRONMENT_FLOW_STEPS.CLONE_ENVIRONMENT;

/**
 * Options of {@link EnvironmentClones.create}.
 *
 * @internal
 */
export type EnvironmentClonesOptions = ClonePlanDeps & {
  knex: Knex;
  remediator: Remediator;
  changes: ChangeNotifier;
};

/**
 * The environment clones: what one would create (its plan, which writes nothing), and its
 * start: the new environment and the parent task (clone_environment, flow
 * CLONE_ENVIRONMENT in the server's pool: `cloneEnvironmentFlow`) in one transaction,
 * after the source's row is locked. The ids of the environment backup it takes (when none
 * is named) and of the deployments it creates are chosen then and kept in the task's
 * parameters, so that a step that runs again finds what it made.
 *
 * @internal
 */
export class EnvironmentClones {
  readonly #deps: EnvironmentClonesOptions;

  static create(options: EnvironmentClonesOptions): EnvironmentClones {
    return new EnvironmentClones(options);
  }

  private constructor(options: EnvironmentClonesOptions) {
    this.#deps = options;
  }

  /** What a clone would create now, and every problem that refuses it. */
  plan(request: CloneRequest): Promise<EnvironmentClonePlanView> {
    return this.#deps.knex.transaction(tx =>
      readEnvironmentClonePlan(this.#deps, { tx, ...request }),
    );
  }

  /**
   * Starts an environment clone. Refused, writing nothing: an unknown or deleted source,
   * an unknown cluster or environment backup (NOT_FOUND); a plan with problems
   * (VALIDATION_FAILED, every problem at once).
   */
  async clone(
    request: CloneRequest & { createdBy: string },
  ): Promise<EnvironmentOperation> {
    const deps = this.#deps;
    return deps.knex.transaction(async tx => {
      const plan = await readEnvironmentClonePlan(deps, {
        tx,
        ...request,
        lockSource: true,
      });
      if (plan.problems.length > 0) {
        throw new StyrminError(
          'VALIDATION_FAILED',
          `Environment ${plan.source.name} cannot be cloned into ${
            plan.name
          }: ${plan.problems.join('; ')}`,
          {
            problems: plan.problems.map(message => ({ message })),
          },
        );
      }
      const environment = await deps.environments.createEnvironment({
        tx,
        name: plan.name,
        clusterId: plan.cluster.id,
        overrides: plan.overrides,
        backupStorageLocation: plan.backupStorageLocation,
        createdBy: request.createdBy,
      });
      deps.changes.notify({ tx, clusterIds: [plan.cluster.id] });
      const takesBackup = !plan.environmentBackup;
      const deployments = plan.deployments.map(({ name }) => ({
        name,
        deploymentId: randomUUID(),
      }));
      const parameters: CloneEnvironmentParameters = {
        sourceEnvironmentId: plan.source.id,
        environmentId: environment.id,
        environmentBackupId:
          plan.environmentBackup?.environmentBackup.id ?? randomUUID(),
        takesBackup,
        deployments,
      };
      const { task } = await deps.remediator.recordEnvironmentTask({
        tx,
        environmentId: environment.id,
        task: {
          flowName: 'CLONE_ENVIRONMENT',
          parameters,
          stepNames: [
            ...(takesBackup ? [STEPS.backUp] : []),
            STEPS.create,
            STEPS.waitRunning,
            ...deployments.map(d => STEPS.restore({ deploymentName: d.name })),
          ],
        },
        createdBy: request.createdBy,
      });
      return { task, environment };
    });
  }
}
