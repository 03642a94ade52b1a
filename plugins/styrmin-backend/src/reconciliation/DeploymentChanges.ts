import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import {
  applyMergePatch,
  parseRecordName,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Deployment, DeploymentStore } from '../deployments/DeploymentStore';
import {
  EnvironmentRecords,
  Generation,
  Generator,
  ValidatedDeploymentChange,
} from '../generator/Generator';
import { Redeployment, Remediator } from '../remediator/Remediator';
import { deploymentChangeCause } from '../remediator/taskCauses';
import { checkUtilityChange } from '../utilities/checkUtilityChange';
import { readEnvironment, ReadEnvironmentStores } from './readEnvironment';
import { checkVersion, valueOrThrow } from './recordChecks';
import {
  DeploymentChangeResult,
  DeploymentChangesChangeOptions,
  DeploymentChangesCreateOptions,
  DeploymentChangesDeleteOptions,
} from './types';

type Tx = Knex.Transaction;

/** What ends a dry run's transaction, carrying the result it rolls back. */
class DryRunRollback extends Error {
  result?: DeploymentChangeResult;

  constructor() {
    super('A dry run stores nothing');
  }
}

/**
 * Options of {@link DeploymentChanges.create}.
 *
 * @internal
 */
export type DeploymentChangesOptions = ReadEnvironmentStores & {
  knex: Knex;
  generator: Generator;
  remediator: Remediator;
};

/**
 * Reconciliation for each change of a deployment: created, edited, upgraded or deleted.
 * In one transaction, the change reads its environment (`readEnvironment`), is validated
 * and generated over every deployment of the environment (the generator, which writes
 * nothing), and the remediator records it: the deployment's intent, and for every
 * deployment whose new instance differs from the active one, the instance and the task and
 * flow run that apply it. Bad input writes nothing.
 *
 * Concurrency. A change locks its environment's row first (PostgreSQL; SQLite runs one
 * write transaction at a time), so the changes of one environment run one after the
 * other, and each generates from what the one before stored. A change applies to the
 * version of the deployment that the caller names, or that the deployment had when the
 * change arrived; if another change stored a newer version first, the change fails with
 * CONFLICT and writes nothing (compare-and-set). Regenerating the other deployments of the
 * environment never conflicts: it runs under the lock, and changes neither their intent
 * nor their version.
 *
 * @internal
 */
export class DeploymentChanges {
  readonly #knex: Knex;
  readonly #stores: ReadEnvironmentStores;
  readonly #deployments: DeploymentStore;
  readonly #generator: Generator;
  readonly #remediator: Remediator;

  static create(options: DeploymentChangesOptions): DeploymentChanges {
    return new DeploymentChanges(options);
  }

  private constructor(options: DeploymentChangesOptions) {
    this.#knex = options.knex;
    this.#stores = options;
    this.#deployments = options.deployments;
    this.#generator = options.generator;
    this.#remediator = options.remediator;
  }

  /** Creates a deployment and its first instance, and redeploys its environment's others. */
  async createDeployment(
    options: DeploymentChangesCreateOptions,
  ): Promise<DeploymentChangeResult> {
    const { environmentId, driver, configuration, createdBy } = options;
    const name = valueOrThrow(parseRecordName(options.name));
    return this.#transaction(options, async tx => {
      const records = await readEnvironment(this.#stores, {
        tx,
        environmentId,
        drivers: [driver],
      });
      checkUtilityChange({
        records,
        driver,
        verb: 'create',
        byStyrmin: options.byStyrmin,
      });
      const validated = this.#generator.validate({
        driverVersions: records.driverVersions,
        driver,
        configuration,
        prompts: { hook: 'setup', answers: options.prompts },
      });
      if (records.deployments.some(d => d.name === name)) {
        throw new ConflictError(
          `The environment has a deployment named ${name} already`,
        );
      }
      const deployment = {
        id: options.id ?? randomUUID(),
        name,
        driver: { name: driver.name, version: driver.version },
        configuration: validated.configuration,
      };
      const generation = this.#generator.generate({
        records,
        change: { deployment },
      });
      const redeployments = await this.#remediator.remediate({
        tx,
        ...generation,
        intent: { kind: 'create', environmentId, deployment },
        createdBy,
        cause: deploymentChangeCause({
          environment: records.environment,
          deployment,
          verb: 'created',
          changedBy: createdBy,
        }),
        prompts: { deploymentId: deployment.id, answers: validated.prompts },
        startedBy: options.startedBy,
      });
      return deploymentResult(deployment.id, redeployments, validated);
    });
  }

  /**
   * Edits a deployment's configuration (a JSON merge patch), or upgrades it to another
   * version of its driver, or both. A change whose instance equals the active one stores
   * nothing.
   */
  async changeDeployment(
    options: DeploymentChangesChangeOptions,
  ): Promise<DeploymentChangeResult> {
    const { deploymentId, configurationPatch = {}, updatedBy } = options;
    const arrived = await this.#liveDeployment(deploymentId, options.tx);
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return this.#transaction(options, async tx => {
      const records = await readEnvironment(this.#stores, {
        tx,
        environmentId: arrived.environmentId,
        // The live deployment's own version is read with the environment's.
        drivers: options.driverVersion
          ? [{ name: arrived.driver.name, version: options.driverVersion }]
          : [],
      });
      const current = await this.#liveDeployment(deploymentId, tx, records);
      checkVersion(`Deployment ${current.name}`, current, expectedVersion);
      const driver = {
        name: current.driver.name,
        version: options.driverVersion ?? current.driver.version,
      };
      checkUtilityChange({
        records,
        driver,
        verb: options.driverVersion ? 'upgrade' : 'edit',
        byStyrmin: options.byStyrmin,
      });
      const validated = this.#generator.validate({
        driverVersions: records.driverVersions,
        current,
        driver,
        configuration: applyMergePatch(
          current.configuration,
          configurationPatch,
        ),
        // Only an upgrade runs a hook whose actions ask (the upgrade hook of the version
        // it moves to); an edit runs none. Checked with the configuration, so that one
        // refusal names every problem of the change.
        prompts: {
          hook: options.driverVersion ? 'upgrade' : undefined,
          answers: options.prompts,
        },
        allowDowngrade: options.allowDowngrade,
      });
      const deployment = {
        id: current.id,
        name: current.name,
        driver,
        configuration: validated.configuration,
      };
      const generation = this.#generator.generate({
        records,
        change: { deployment },
      });
      if (!ownInstance(generation, deploymentId).changed) {
        return {
          deployment: current,
          changed: false,
          droppedParameters: validated.droppedParameters,
          carriedOverParameters: validated.carriedOverParameters,
          siblings: [],
        };
      }
      const redeployments = await this.#remediator.remediate({
        tx,
        ...generation,
        intent: { kind: 'update', deployment, expectedVersion },
        createdBy: updatedBy,
        cause: deploymentChangeCause({
          environment: records.environment,
          deployment,
          verb: options.driverVersion ? 'upgraded' : 'changed',
          changedBy: updatedBy,
        }),
        prompts: { deploymentId, answers: validated.prompts },
        startedBy: options.startedBy,
        rollback: options.rollback,
      });
      return deploymentResult(deploymentId, redeployments, validated);
    });
  }

  /**
   * Records a deployment's deletion: it becomes a tombstone, its active instance ends, a
   * DELETE flow removes its workload, and its environment's others are redeployed. A
   * deletion that FAILED can be started again.
   */
  async deleteDeployment(
    options: DeploymentChangesDeleteOptions,
  ): Promise<DeploymentChangeResult> {
    const { deploymentId, deletedBy } = options;
    const arrived = await this.#deployments.getDeployment({ id: deploymentId });
    if (!arrived) {
      throw new NotFoundError(`Deployment ${deploymentId} does not exist`);
    }
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return this.#knex.transaction(async tx => {
      const records = await readEnvironment(this.#stores, {
        tx,
        environmentId: arrived.environmentId,
        drivers: [arrived.driver],
      });
      const current = (await this.#deployments.getDeployment({
        tx,
        id: deploymentId,
      }))!;
      checkVersion(`Deployment ${current.name}`, current, expectedVersion);
      checkUtilityChange({
        records,
        driver: current.driver,
        verb: 'delete',
        byStyrmin: options.byStyrmin,
      });
      const retry = current.deletedAt !== undefined;
      if (retry && current.state !== 'FAILED') {
        throw new ConflictError(
          `Deployment ${current.name} is ${current.state}; only a deletion that FAILED can be started again`,
        );
      }
      const generation = retry
        ? undefined
        : this.#generator.generate({
            records,
            change: { deletedDeploymentId: deploymentId },
          });
      const [own, ...siblings] = await this.#remediator.remediate({
        tx,
        cluster: records.cluster,
        instances: generation?.instances ?? [],
        intent: {
          kind: 'delete',
          deployment: current,
          expectedVersion: retry ? undefined : expectedVersion,
          active: records.activeInstances.find(
            i => i.deploymentId === deploymentId,
          ),
          driverVersion: driverVersionOf(records, current),
        },
        createdBy: deletedBy,
        cause: deploymentChangeCause({
          environment: records.environment,
          deployment: current,
          verb: 'deleted',
          changedBy: deletedBy,
        }),
      });
      return {
        deployment: own.deployment,
        changed: true,
        redeployment: {
          deployment: own.deployment,
          diff: [],
          flowName: own.flowName,
          remediation: own.remediation,
        },
        droppedParameters: [],
        carriedOverParameters: [],
        siblings,
      };
    });
  }

  /**
   * Runs a change in a transaction. A dry run is the same change, rolled back: it
   * validates, generates, stores and remediates exactly as the change would, so it fails
   * with the same errors and answers the same result, then leaves nothing behind. The
   * answer keeps what the change would do and drops the records it would have made
   * (instances, tasks), which never existed. A change in the caller's transaction runs in
   * it.
   */
  async #transaction(
    options: { dryRun?: boolean; tx?: Tx },
    change: (tx: Tx) => Promise<DeploymentChangeResult>,
  ): Promise<DeploymentChangeResult> {
    if (options.tx && options.dryRun) {
      throw new InputError('A dry run runs in a transaction of its own');
    }
    if (options.tx) {
      return change(options.tx);
    }
    if (!options.dryRun) {
      return this.#knex.transaction(change);
    }
    const rollback = new DryRunRollback();
    try {
      await this.#knex.transaction(async tx => {
        rollback.result = await change(tx);
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback) {
        throw error;
      }
    }
    return plannedResult(rollback.result!);
  }

  /**
   * A deployment that is not deleted: deleted ones take no change but a retried deletion.
   * In a change, from the records it read (not among them: deleted meanwhile).
   */
  async #liveDeployment(
    id: string,
    tx?: Tx,
    records?: EnvironmentRecords,
  ): Promise<Deployment> {
    const deployment =
      records?.deployments.find(d => d.id === id) ??
      (await this.#deployments.getDeployment({ tx, id }));
    if (!deployment) {
      throw new NotFoundError(`Deployment ${id} does not exist`);
    }
    if (deployment.deletedAt) {
      throw new ConflictError(
        `Deployment ${deployment.name} is deleted (${deployment.state}); a deleted deployment takes no change`,
      );
    }
    return deployment;
  }
}

/** The driver version of a deployment among the records (read with it). */
function driverVersionOf(records: EnvironmentRecords, deployment: Deployment) {
  const { name, version } = deployment.driver;
  return records.driverVersions.find(
    v => v.name === name && v.version === version,
  )!;
}

/** A change's result without the records it made: what a dry run answers. */
function plannedResult(result: DeploymentChangeResult): DeploymentChangeResult {
  const planned = ({
    instance: _instance,
    remediation: _remediation,
    ...redeployment
  }: Redeployment): Redeployment => redeployment;
  return {
    ...result,
    redeployment: result.redeployment && planned(result.redeployment),
    siblings: result.siblings.map(planned),
  };
}

function ownInstance(generation: Generation, deploymentId: string) {
  return generation.instances.find(i => i.deploymentId === deploymentId)!;
}

function deploymentResult(
  deploymentId: string,
  redeployments: Redeployment[],
  {
    droppedParameters,
    carriedOverParameters,
  }: Pick<
    ValidatedDeploymentChange,
    'droppedParameters' | 'carriedOverParameters'
  >,
): DeploymentChangeResult {
  const own = redeployments.find(r => r.deployment.id === deploymentId)!;
  return {
    deployment: own.deployment,
    changed: true,
    redeployment: own,
    droppedParameters,
    carriedOverParameters,
    siblings: redeployments.filter(r => r !== own),
  };
}
