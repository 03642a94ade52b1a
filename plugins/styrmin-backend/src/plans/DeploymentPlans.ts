import { ConflictError, NotFoundError } from '@backstage/errors';
import { plannedActions, plannedSteps } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock } from '../database/Clock';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import {
  readEnvironment,
  ReadEnvironmentStores,
} from '../reconciliation/readEnvironment';
import {
  DeploymentChangeResult,
  DeploymentChangesChangeOptions,
  DeploymentChangesCreateOptions,
} from '../reconciliation/types';
import { EnvironmentRecords } from '../generator/Generator';
import { Plan, PlanContent, PlanKind, PlannedChange } from './Plan';
import {
  PlanBasis,
  planBasisChanges,
  planBasisOf,
  planFingerprint,
} from './planBasis';
import { planBackup } from './planBackup';
import { PlanStore } from './PlanStore';
import { planWarnings } from './planWarnings';

/** How long a plan can be applied when the options do not say. */
const DEFAULT_LIFETIME_SECONDS = 3600;

/**
 * Options of {@link DeploymentPlans.create}.
 *
 * @internal
 */
export type DeploymentPlansOptions = ReadEnvironmentStores & {
  knex: Knex;
  plans: PlanStore;
  deploymentChanges: DeploymentChanges;
  clock: Clock;
  /** How long after it was computed a plan can be applied; an hour when absent. */
  lifetimeSeconds?: number;
};

/** @internal */
export type DeploymentPlansCreateOptions = Omit<
  DeploymentChangesCreateOptions,
  'dryRun' | 'tx' | 'startedBy' | 'id'
>;

/** @internal */
export type DeploymentPlansChangeOptions = Omit<
  DeploymentChangesChangeOptions,
  'dryRun' | 'tx' | 'startedBy'
> & { kind: Exclude<PlanKind, 'CREATE'> };

/** @internal */
export type DeploymentPlansApplyOptions = { id: string; appliedBy: string };

/**
 * The plans of the changes of a deployment (issue 19): a plan is the change's dry run
 * (`DeploymentChanges`, the same validation, generation and errors), kept with the change
 * it was computed for and the basis it was computed from, and applied later by its id
 * through the normal change path.
 *
 * The basis is read before the dry run, so that a change stored in between makes the
 * plan's basis older than what it shows, and applying it a CONFLICT, never the reverse.
 * Applying reads the environment again in the change's own transaction (which locks it,
 * `readEnvironment`), refuses with CONFLICT naming what changed when the basis differs,
 * and records the plan applied in that same transaction: a plan is applied once.
 *
 * @internal
 */
export class DeploymentPlans {
  readonly #knex: Knex;
  readonly #stores: ReadEnvironmentStores;
  readonly #plans: PlanStore;
  readonly #changes: DeploymentChanges;
  readonly #clock: Clock;
  readonly #lifetimeMs: number;

  static create(options: DeploymentPlansOptions): DeploymentPlans {
    return new DeploymentPlans(options);
  }

  private constructor(options: DeploymentPlansOptions) {
    this.#knex = options.knex;
    this.#stores = options;
    this.#plans = options.plans;
    this.#changes = options.deploymentChanges;
    this.#clock = options.clock;
    this.#lifetimeMs =
      (options.lifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS) * 1000;
  }

  /** A plan by id; undefined for an unknown one. */
  async getPlan(options: { id: string }): Promise<Plan | undefined> {
    return this.#plans.getPlan(options);
  }

  /** Plans a deployment's creation: its dry run's answer, with the stored plan. */
  async planCreate(
    options: DeploymentPlansCreateOptions,
  ): Promise<DeploymentChangeResult> {
    const { createdBy, ...create } = options;
    return this.#plan(
      { kind: 'CREATE', deploymentId: randomUUID(), ...create },
      createdBy,
    );
  }

  /** Plans an edit, an upgrade or a component's overrides, as {@link planCreate}. */
  async planChange(
    options: DeploymentPlansChangeOptions,
  ): Promise<DeploymentChangeResult> {
    const { updatedBy, expectedVersion, ...change } = options;
    return this.#plan(change, updatedBy, expectedVersion);
  }

  /**
   * Applies a plan by its id, as its change would be made now, by `appliedBy`: refused with
   * NOT_FOUND for an unknown plan, CONFLICT for one applied already, expired, or whose
   * basis changed (naming what changed).
   */
  async applyPlan(
    options: DeploymentPlansApplyOptions,
  ): Promise<DeploymentChangeResult> {
    const { id, appliedBy } = options;
    return this.#knex.transaction(async tx => {
      const plan = await this.#plans.getPlan({ tx, id });
      if (!plan) {
        throw new NotFoundError(`Plan ${id} does not exist`);
      }
      if (plan.appliedAt) {
        throw new ConflictError(
          `Plan ${id} was applied already, by ${
            plan.appliedBy
          } at ${plan.appliedAt.toISOString()}`,
        );
      }
      if (plan.expiresAt <= this.#clock.now()) {
        throw new ConflictError(
          `Plan ${id} expired at ${plan.expiresAt.toISOString()}; plan the change again`,
        );
      }
      const { name, version } = plan.basis.driverVersion;
      const records = await readEnvironment(this.#stores, {
        tx,
        environmentId: plan.environmentId,
        drivers: [{ name, version }],
      });
      const changes = planBasisChanges(
        plan.basis,
        planBasisOf(records, {
          deploymentId: plan.deploymentId,
          driver: { name, version },
        }),
      );
      if (changes.length > 0) {
        throw new ConflictError(
          `Plan ${id} no longer applies, since it was computed ${changes.join(
            '; ',
          )}; plan the change again`,
        );
      }
      const result = await this.#run(plan.change, appliedBy, {
        tx,
        expectedVersion: plan.basis.deployment?.version,
      });
      await this.#plans.markApplied({
        tx,
        id,
        appliedBy,
        taskId: result.redeployment?.remediation?.task.id,
      });
      return result;
    });
  }

  async #plan(
    change: PlannedChange,
    by: string,
    expectedVersion?: number,
  ): Promise<DeploymentChangeResult> {
    const { records, basis } = await this.#readBasis(change);
    const result = await this.#run(change, by, {
      dryRun: true,
      expectedVersion: expectedVersion ?? basis.deployment?.version,
    });
    const plan = await this.#plans.createPlan({
      kind: change.kind,
      environmentId: records.environment.id,
      deploymentId: change.kind === 'CREATE' ? undefined : change.deploymentId,
      change,
      content: planContent(result, records, basis),
      basis,
      fingerprint: planFingerprint(basis),
      createdBy: by,
      expiresAt: new Date(this.#clock.now().getTime() + this.#lifetimeMs),
    });
    return { ...result, plan };
  }

  /** The records a change reads and its basis; an unknown deployment is NOT_FOUND. */
  async #readBasis(
    change: PlannedChange,
  ): Promise<{ records: EnvironmentRecords; basis: PlanBasis }> {
    if (change.kind === 'CREATE') {
      const records = await readEnvironment(this.#stores, {
        environmentId: change.environmentId,
        drivers: [change.driver],
      });
      return { records, basis: planBasisOf(records, change) };
    }
    const deployment = await this.#stores.deployments.getDeployment({
      id: change.deploymentId,
    });
    if (!deployment) {
      throw new NotFoundError(
        `Deployment ${change.deploymentId} does not exist`,
      );
    }
    const driver = {
      name: deployment.driver.name,
      version: change.driverVersion ?? deployment.driver.version,
    };
    const records = await readEnvironment(this.#stores, {
      environmentId: deployment.environmentId,
      drivers: [driver],
    });
    return {
      records,
      basis: planBasisOf(records, { deploymentId: deployment.id, driver }),
    };
  }

  /** The planned change made through `DeploymentChanges`, as a dry run or for real. */
  #run(
    change: PlannedChange,
    by: string,
    options: {
      dryRun?: boolean;
      tx?: Knex.Transaction;
      expectedVersion?: number;
    },
  ): Promise<DeploymentChangeResult> {
    const { dryRun, tx, expectedVersion } = options;
    if (change.kind === 'CREATE') {
      const { kind: _kind, deploymentId, ...create } = change;
      return this.#changes.createDeployment({
        ...create,
        id: deploymentId,
        createdBy: by,
        dryRun,
        tx,
      });
    }
    const { kind: _kind, ...edit } = change;
    return this.#changes.changeDeployment({
      ...edit,
      expectedVersion,
      updatedBy: by,
      dryRun,
      tx,
    });
  }
}

/** What a dry run answered, as a plan keeps it. */
function planContent(
  result: DeploymentChangeResult,
  records: EnvironmentRecords,
  basis: PlanBasis,
): PlanContent {
  const { name, version } = basis.driverVersion;
  const driver = { name, version };
  const driverVersion = records.driverVersions.find(
    v => v.name === name && v.version === version,
  )!;
  const own = records.deployments.find(d => d.id === result.deployment.id);
  const fromDriver = own && { ...own.driver };
  const redeployment = result.redeployment;
  const flow = redeployment && {
    flowName: redeployment.flowName,
    driver: driverVersion.spec,
  };
  const diff = redeployment?.diff ?? [];
  const backup = planBackup({
    environment: records.environment,
    flowName: redeployment?.flowName,
    driver: driverVersion.spec,
  });
  return {
    deploymentName: result.deployment.name,
    driver,
    fromDriver,
    changed: result.changed,
    flowName: redeployment?.flowName,
    diff,
    plannedSteps: flow
      ? plannedSteps({ ...flow, restorePoint: backup.taken })
      : [],
    plannedActions: flow ? plannedActions(flow).map(a => a.name) : [],
    droppedParameters: result.droppedParameters,
    carriedOverParameters: result.carriedOverParameters,
    warnings: planWarnings({
      fromDriver,
      driver,
      spec: driverVersion.spec,
      diff,
    }),
    backup,
    siblings: result.siblings.map(sibling => ({
      deploymentId: sibling.deployment.id,
      deploymentName: sibling.deployment.name,
      flowName: sibling.flowName,
      diff: sibling.diff,
    })),
  };
}
