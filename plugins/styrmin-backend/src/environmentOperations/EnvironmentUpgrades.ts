import { NotFoundError } from '@backstage/errors';
import {
  ENVIRONMENT_FLOW_STEPS,
  FlowRunState,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import {
  Environment,
  EnvironmentStore,
} from '../environments/EnvironmentStore';
import { Remediator } from '../remediator/Remediator';
import { Task, TaskStore } from '../tasks/TaskStore';
import {
  EnvironmentUpgradePlan,
  planEnvironmentUpgrade,
} from './planEnvironmentUpgrade';
import { UpgradeEnvironmentParameters } from './upgradeEnvironmentParameters';

const STEPS = ENVIRONMENT_FLOW_STEPS.UPGRADE_ENVIRONMENT;

/** The states of a task that has not ended. */
const OPEN: FlowRunState[] = ['SCHEDULED', 'RUNNING'];

/**
 * Options of {@link EnvironmentUpgrades.create}.
 *
 * @internal
 */
export type EnvironmentUpgradesOptions = {
  knex: Knex;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  drivers: DriverStore;
  tasks: TaskStore;
  remediator: Remediator;
};

/**
 * What to upgrade: an environment, with named versions or its drivers' newest.
 *
 * @internal
 */
export type EnvironmentUpgradeRequest = {
  environmentId: string;
  versions?: ReadonlyArray<{ deploymentId: string; driverVersion: string }>;
  backupFirst?: boolean;
  allowDowngrade?: boolean;
};

/**
 * The plan, with the environment it is of.
 *
 * @internal
 */
export type EnvironmentUpgradePlanView = EnvironmentUpgradePlan & {
  environment: Environment;
};

/**
 * The environment upgrades: their plan (`planEnvironmentUpgrade` over the records, writing
 * nothing) and their start, which records the parent task (upgrade_environment) whose
 * UPGRADE_ENVIRONMENT flow, in the server's pool, upgrades the deployments one after the
 * other (see `upgradeEnvironmentFlow`).
 *
 * @internal
 */
export class EnvironmentUpgrades {
  readonly #deps: EnvironmentUpgradesOptions;

  static create(options: EnvironmentUpgradesOptions): EnvironmentUpgrades {
    return new EnvironmentUpgrades(options);
  }

  private constructor(options: EnvironmentUpgradesOptions) {
    this.#deps = options;
  }

  /** What the upgrade would do, in order, with every problem. An unknown environment is NOT_FOUND. */
  plan(
    request: EnvironmentUpgradeRequest,
  ): Promise<EnvironmentUpgradePlanView> {
    return this.#deps.knex.transaction(tx => this.#plan(tx, request));
  }

  /**
   * Starts the upgrade: in one transaction, with the environment's row locked (no change
   * of the environment interleaves), the plan again and the parent task with its steps
   * and its flow run in the server's pool. A plan with problems is VALIDATION_FAILED with
   * every problem, and nothing is written.
   */
  upgrade(
    request: EnvironmentUpgradeRequest & { createdBy: string },
  ): Promise<{ task: Task; plan: EnvironmentUpgradePlanView }> {
    return this.#deps.knex.transaction(async tx => {
      const plan = await this.#plan(tx, request, { lock: true });
      if (plan.problems.length > 0) {
        throw new StyrminError(
          'VALIDATION_FAILED',
          `Environment ${
            plan.environment.name
          } cannot be upgraded: ${plan.problems.join('; ')}`,
          { problems: plan.problems.map(message => ({ message })) },
        );
      }
      const parameters: Omit<UpgradeEnvironmentParameters, 'environmentId'> = {
        backupFirst: plan.backupFirst,
        // Chosen now, so that a step run again finds the backup it took.
        ...(plan.backupFirst && { environmentBackupId: randomUUID() }),
        allowDowngrade: request.allowDowngrade ?? false,
        upgrades: plan.upgrades.map(upgrade => ({
          deploymentId: upgrade.deployment.id,
          deploymentName: upgrade.deployment.name,
          fromVersion: upgrade.fromVersion,
          toVersion: upgrade.toVersion,
        })),
      };
      const { task } = await this.#deps.remediator.recordEnvironmentTask({
        tx,
        environmentId: plan.environment.id,
        task: {
          flowName: 'UPGRADE_ENVIRONMENT',
          parameters,
          stepNames: [
            ...(plan.backupFirst ? [STEPS.backUp] : []),
            ...parameters.upgrades.map(upgrade => STEPS.upgrade(upgrade)),
          ],
        },
        createdBy: request.createdBy,
      });
      return { task, plan };
    });
  }

  async #plan(
    tx: Knex.Transaction,
    request: EnvironmentUpgradeRequest,
    options: { lock?: boolean } = {},
  ): Promise<EnvironmentUpgradePlanView> {
    const deps = this.#deps;
    const environment = await deps.environments.getEnvironment({
      tx,
      id: request.environmentId,
      lock: options.lock,
    });
    if (!environment) {
      throw new NotFoundError(
        `Environment ${request.environmentId} does not exist`,
      );
    }
    const deployments = await deps.deployments.listDeploymentsOfEnvironments({
      tx,
      environmentIds: [environment.id],
    });
    const driverNames = new Set(deployments.map(d => d.driver.name));
    const [drivers, busy, environmentTasks] = await Promise.all([
      deps.drivers
        .listDrivers({ tx })
        .then(all => all.filter(d => driverNames.has(d.name))),
      Promise.all(
        deployments.map(d =>
          deps.tasks.listTasks({ tx, deploymentId: d.id, statuses: OPEN }),
        ),
      ),
      deps.tasks.listTaskPage({
        tx,
        environmentId: environment.id,
        environmentTasks: true,
        limit: 20,
      }),
    ]);
    const plan = planEnvironmentUpgrade({
      environment,
      deployments,
      drivers,
      busyDeploymentIds: new Set(
        deployments.filter((_d, i) => busy[i].length > 0).map(d => d.id),
      ),
      openEnvironmentTaskId: environmentTasks.tasks.find(t =>
        OPEN.includes(t.status),
      )?.id,
      versions: request.versions,
      backupFirst: request.backupFirst ?? false,
      allowDowngrade: request.allowDowngrade ?? false,
    });
    return { ...plan, environment };
  }
}
