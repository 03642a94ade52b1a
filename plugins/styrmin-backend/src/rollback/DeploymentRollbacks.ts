import { LoggerService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  createMergePatch,
  JsonObject,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { Backup, BackupStore } from '../backups/BackupStore';
import { inTransaction } from '../database/inTransaction';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { Instance, InstanceStore } from '../instances/InstanceStore';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { DeploymentChangeResult } from '../reconciliation/types';
import { rollbackCause } from '../remediator/taskCauses';
import { Task, TaskCause } from '../tasks/TaskStore';
import { failedStepToRollBack } from './automaticRollback';
import { rollbackRefusal } from './rollbackRefusal';

/**
 * Options of {@link DeploymentRollbacks.create}.
 *
 * @internal
 */
export type DeploymentRollbacksOptions = {
  knex: Knex;
  logger: LoggerService;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  backups: BackupStore;
  deploymentChanges: Pick<DeploymentChanges, 'changeDeployment'>;
};

/** @internal */
export type RollbackDeploymentOptions = {
  deploymentId: string;
  /** The number of the earlier instance whose declared state is applied again. */
  toInstance: number;
  /** Whether the rollback restores that instance's restore point in place, last. */
  withData: boolean;
  /** The version of the deployment it applies to; the one on arrival when absent. */
  expectedVersion?: number;
  requestedBy: string;
  /** Why the rollback's task is started, when its author did not (an automatic one). */
  cause?: TaskCause;
  /** The caller's transaction; one of its own when absent. */
  tx?: Knex.Transaction;
};

/**
 * Rollbacks of deployments to an earlier instance. A rollback is a change like any
 * other, through the normal reconciliation (`DeploymentChanges.changeDeployment`): the
 * earlier instance's declared state (its driver version and the configuration it was
 * generated from) becomes the deployment's intent again, so the retired-parameter rule,
 * the generator's checks and the upgrade hooks of the version it moves to apply as to any
 * upgrade. With data, the new instance's flow ends with the in-place restore of the
 * restore point that an upgrade after the earlier instance took of it (the deployment
 * RESTORING, then RUNNING). Refusals (`rollbackRefusal`) write nothing.
 *
 * @internal
 */
export class DeploymentRollbacks {
  readonly #options: DeploymentRollbacksOptions;

  static create(options: DeploymentRollbacksOptions): DeploymentRollbacks {
    return new DeploymentRollbacks(options);
  }

  private constructor(options: DeploymentRollbacksOptions) {
    this.#options = options;
  }

  /** Rolls a deployment back to an earlier instance: see the class. */
  async rollbackDeployment(
    options: RollbackDeploymentOptions,
  ): Promise<DeploymentChangeResult> {
    const { deployments, instances, deploymentChanges } = this.#options;
    const { deploymentId, toInstance, withData } = options;
    return inTransaction(options.tx ?? this.#options.knex, async tx => {
      const deployment = await deployments.getDeployment({
        tx,
        id: deploymentId,
      });
      if (!deployment) {
        throw new NotFoundError(`Deployment ${deploymentId} does not exist`);
      }
      const target = await this.#instanceNumbered(tx, deploymentId, toInstance);
      if (!target) {
        throw new NotFoundError(
          `Deployment ${deployment.name} has no instance ${toInstance}`,
        );
      }
      const [active] = await instances.getActiveInstances({
        tx,
        deploymentIds: [deploymentId],
      });
      const restorePoint = withData
        ? await this.#restorePointOf(tx, target)
        : undefined;
      const refusal = rollbackRefusal({
        deploymentName: deployment.name,
        active,
        target,
        withData,
        restorePoint,
      });
      if (refusal) {
        throw new StyrminError(refusal.code, refusal.message, {
          field: refusal.field,
        });
      }
      const result = await deploymentChanges.changeDeployment({
        tx,
        deploymentId,
        expectedVersion: options.expectedVersion,
        ...(target.driver.version !== deployment.driver.version && {
          driverVersion: target.driver.version,
          allowDowngrade: true,
        }),
        configurationPatch: createMergePatch(
          deployment.configuration as unknown as JsonObject,
          target.configuration as unknown as JsonObject,
        ),
        updatedBy: options.requestedBy,
        rollback: {
          rollbackToInstanceId: target.id,
          restoresBackupId: restorePoint?.id,
          cause: options.cause,
        },
      });
      if (!result.changed) {
        throw new StyrminError(
          'CONFLICT',
          `The declared state of instance ${toInstance} of ${deployment.name} is the active one's: there is nothing to roll back`,
          { field: 'toInstance' },
        );
      }
      return result;
    });
  }

  /**
   * After a task's run failed, in its transaction: when its environment says
   * rollback_on_failed_upgrade and the failure is one to roll back
   * (`failedStepToRollBack`), rolls the deployment back to the instance before the
   * failed one, with data when the upgrade took a restore point, the task's cause naming
   * the failed task. A rollback refused or failing is logged and leaves the deployment
   * FAILED (in a savepoint, so that the run's end is recorded whatever happens).
   * Answers the rollback, if any.
   */
  async afterTaskFailed(options: {
    tx: Knex.Transaction;
    task: Task;
  }): Promise<DeploymentChangeResult | undefined> {
    const { tx, task } = options;
    const { deployments, environments, instances, logger } = this.#options;
    if (task.type !== 'upgrade_instance' || !task.deploymentId) {
      return undefined;
    }
    const [active] = await instances.getActiveInstances({
      tx,
      deploymentIds: [task.deploymentId],
    });
    // Another change took over since: nothing of the failed upgrade is left to undo.
    if (!active || active.taskId !== task.id) {
      return undefined;
    }
    const stepName = failedStepToRollBack({
      task,
      instanceIsRollback: active.rollbackToInstanceId !== undefined,
    });
    const deployment = await deployments.getDeployment({
      tx,
      id: task.deploymentId,
    });
    const environment =
      deployment &&
      (await environments.getEnvironment({
        tx,
        id: deployment.environmentId,
      }));
    if (
      !stepName ||
      !deployment ||
      !environment?.settings.rollback_on_failed_upgrade
    ) {
      return undefined;
    }
    const target = await this.#instanceNumbered(
      tx,
      deployment.id,
      active.number - 1,
    );
    const restorePoint = target && (await this.#restorePointOf(tx, target));
    try {
      return await tx.transaction(savepoint =>
        this.rollbackDeployment({
          tx: savepoint,
          deploymentId: deployment.id,
          toInstance: active.number - 1,
          withData: restorePoint?.status.phase === 'Completed',
          requestedBy: task.createdBy,
          cause: rollbackCause({
            environment,
            deployment,
            task,
            driverVersion: active.driver.version,
            stepName,
          }),
        }),
      );
    } catch (error) {
      logger.warn(
        `Deployment ${environment.name}/${deployment.name} was not rolled back after its upgrade failed: ${error}`,
      );
      return undefined;
    }
  }

  async #instanceNumbered(
    tx: Knex.Transaction,
    deploymentId: string,
    number: number,
  ): Promise<Instance | undefined> {
    const { instances } = await this.#options.instances.listInstances({
      tx,
      deploymentId,
      before: number + 1,
      limit: 1,
    });
    return instances[0]?.number === number ? instances[0] : undefined;
  }

  /**
   * The restore point of an instance: the backup of it that the newest upgrade after it
   * took before changing anything.
   */
  async #restorePointOf(
    tx: Knex.Transaction,
    target: Instance,
  ): Promise<Backup | undefined> {
    const { instances } = await this.#options.instances.listInstances({
      tx,
      deploymentId: target.deploymentId,
      limit: 100,
    });
    const ids = instances
      .filter(i => i.number > target.number && i.restorePointBackupId)
      .map(i => i.restorePointBackupId!);
    if (ids.length === 0) {
      return undefined;
    }
    const backups = await this.#options.backups.getBackups({ tx, ids });
    // Newest first, as the instances are.
    return ids
      .map(id => backups.find(b => b.id === id))
      .find(backup => backup?.instanceId === target.id);
  }
}
