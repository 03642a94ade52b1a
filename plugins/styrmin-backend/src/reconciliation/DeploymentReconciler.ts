import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  applyMergePatch,
  Hook,
  parseRecordName,
  PromptAnswers,
  validatePromptAnswers,
  validationError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { ClusterStore } from '../clusters/ClusterStore';
import { Deployment, DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import {
  Environment,
  EnvironmentStore,
} from '../environments/EnvironmentStore';
import {
  Generation,
  Generator,
  ValidatedDeploymentChange,
} from '../generator/Generator';
import { InstanceStore } from '../instances/InstanceStore';
import { Remediator } from '../remediator/Remediator';
import { checkVersion, liveEnvironment, valueOrThrow } from './recordChecks';
import { Redeployer } from './Redeployer';
import {
  DeploymentChangeResult,
  DeploymentReconcilerChangeOptions,
  DeploymentReconcilerCreateOptions,
  DeploymentReconcilerDeleteOptions,
  Redeployment,
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
 * Options of {@link DeploymentReconciler.create}.
 *
 * @internal
 */
export type DeploymentReconcilerOptions = {
  knex: Knex;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
  generator: Generator;
  remediator: Remediator;
};

/**
 * Reconciliation for each change of a deployment: created, edited, upgraded or deleted.
 * The change is validated and recorded, the generator runs over every deployment of its
 * environment, and the deployments whose new instance differs from the active one get it,
 * with the task and flow run that apply it (the remediator), all in one transaction. Bad
 * input writes nothing.
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
export class DeploymentReconciler {
  readonly #knex: Knex;
  readonly #clusters: ClusterStore;
  readonly #environments: EnvironmentStore;
  readonly #deployments: DeploymentStore;
  readonly #instances: InstanceStore;
  readonly #drivers: DriverStore;
  readonly #generator: Generator;
  readonly #remediator: Remediator;
  readonly #redeployer: Redeployer;

  static create(options: DeploymentReconcilerOptions): DeploymentReconciler {
    return new DeploymentReconciler(options);
  }

  private constructor(options: DeploymentReconcilerOptions) {
    this.#knex = options.knex;
    this.#clusters = options.clusters;
    this.#environments = options.environments;
    this.#deployments = options.deployments;
    this.#instances = options.instances;
    this.#drivers = options.drivers;
    this.#generator = options.generator;
    this.#remediator = options.remediator;
    this.#redeployer = Redeployer.create(options);
  }

  /** Creates a deployment and its first instance, and redeploys its environment's others. */
  async createDeployment(
    options: DeploymentReconcilerCreateOptions,
  ): Promise<DeploymentChangeResult> {
    const { environmentId, driver, configuration, createdBy } = options;
    const name = valueOrThrow(parseRecordName(options.name));
    return this.#transaction(options.dryRun, async tx => {
      await this.#lockEnvironment(tx, environmentId);
      const validated = await this.#generator.validate({
        tx,
        driver,
        configuration,
      });
      const prompts = promptAnswers(validated, 'setup', options.prompts);
      const deployment = await this.#deployments.createDeployment({
        tx,
        environmentId,
        name,
        driver,
        configuration: validated.configuration,
        createdBy,
      });
      const redeployments = await this.#redeployer.regenerate({
        tx,
        environmentId,
        createdBy,
        prompts: { deploymentId: deployment.id, answers: prompts },
      });
      return deploymentResult(
        deployment.id,
        redeployments,
        validated.droppedParameters,
      );
    });
  }

  /**
   * Edits a deployment's configuration (a JSON merge patch), or upgrades it to another
   * version of its driver, or both. A change whose instance equals the active one stores
   * nothing.
   */
  async changeDeployment(
    options: DeploymentReconcilerChangeOptions,
  ): Promise<DeploymentChangeResult> {
    const { deploymentId, configurationPatch = {}, updatedBy } = options;
    const arrived = await this.#liveDeployment(deploymentId);
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return this.#transaction(options.dryRun, async tx => {
      await this.#lockEnvironment(tx, arrived.environmentId);
      const current = await this.#liveDeployment(deploymentId, tx);
      checkVersion(`Deployment ${current.name}`, current, expectedVersion);
      const driver = {
        name: current.driver.name,
        version: options.driverVersion ?? current.driver.version,
      };
      const validated = await this.#generator.validate({
        tx,
        current,
        driver,
        configuration: applyMergePatch(
          current.configuration,
          configurationPatch,
        ),
      });
      // Only an upgrade runs a hook whose actions ask (the upgrade hook of the version it
      // moves to); an edit runs none.
      const prompts = options.driverVersion
        ? promptAnswers(validated, 'upgrade', options.prompts)
        : promptAnswers(validated, undefined, options.prompts);
      const generation = await this.#generator.generate({
        tx,
        environmentId: current.environmentId,
        change: {
          deployment: {
            id: current.id,
            name: current.name,
            driver,
            configuration: validated.configuration,
          },
        },
      });
      if (!ownInstance(generation, deploymentId).changed) {
        return {
          deployment: current,
          changed: false,
          droppedParameters: validated.droppedParameters,
          siblings: [],
        };
      }
      await this.#deployments.updateDeployment({
        tx,
        id: deploymentId,
        expectedVersion,
        driver,
        configuration: validated.configuration,
        updatedBy,
      });
      const redeployments = await this.#redeployer.redeploy({
        tx,
        generation,
        createdBy: updatedBy,
        prompts: { deploymentId, answers: prompts },
      });
      return deploymentResult(
        deploymentId,
        redeployments,
        validated.droppedParameters,
      );
    });
  }

  /**
   * Records a deployment's deletion: it becomes a tombstone, its active instance ends, a
   * DELETE flow removes its workload, and its environment's others are redeployed. A
   * deletion that FAILED can be started again.
   */
  async deleteDeployment(
    options: DeploymentReconcilerDeleteOptions,
  ): Promise<DeploymentChangeResult> {
    const { deploymentId, deletedBy } = options;
    const arrived = await this.#deployments.getDeployment({ id: deploymentId });
    if (!arrived) {
      throw new NotFoundError(`Deployment ${deploymentId} does not exist`);
    }
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return this.#knex.transaction(async tx => {
      const environment = await this.#lockEnvironment(
        tx,
        arrived.environmentId,
      );
      const current = (await this.#deployments.getDeployment({
        tx,
        id: deploymentId,
      }))!;
      checkVersion(`Deployment ${current.name}`, current, expectedVersion);
      const retry = current.deletedAt !== undefined;
      if (retry && current.state !== 'FAILED') {
        throw new ConflictError(
          `Deployment ${current.name} is ${current.state}; only a deletion that FAILED can be started again`,
        );
      }
      const generation = retry
        ? undefined
        : await this.#generator.generate({
            tx,
            environmentId: environment.id,
            change: { deletedDeploymentId: deploymentId },
          });
      if (!retry) {
        await this.#deployments.updateDeployment({
          tx,
          id: deploymentId,
          expectedVersion,
          driver: current.driver,
          configuration: current.configuration,
          deleted: true,
          updatedBy: deletedBy,
        });
      }
      const [active] = await this.#instances.getActiveInstances({
        tx,
        deploymentIds: [deploymentId],
      });
      if (active) {
        await this.#instances.deactivateInstance({ tx, id: active.id });
      }
      const remediation = await this.#remediator.remediate({
        tx,
        deploymentId,
        cluster: (await this.#clusters.getCluster({
          tx,
          id: environment.clusterId,
        }))!,
        active,
        driver: (await this.#drivers.getDriverVersion({
          tx,
          ...current.driver,
        }))!.spec,
        createdBy: deletedBy,
      });
      const siblings = generation
        ? await this.#redeployer.redeploy({
            tx,
            generation,
            createdBy: deletedBy,
          })
        : [];
      const deployment = (await this.#deployments.getDeployment({
        tx,
        id: deploymentId,
      }))!;
      return {
        deployment,
        changed: true,
        redeployment: {
          deployment,
          diff: [],
          flowName: remediation.flowName,
          remediation,
        },
        droppedParameters: [],
        siblings,
      };
    });
  }

  /**
   * Runs a change in a transaction. A dry run is the same change, rolled back: it
   * validates, generates, stores and remediates exactly as the change would, so it fails
   * with the same errors and answers the same result, then leaves nothing behind. The
   * answer keeps what the change would do and drops the records it would have made
   * (instances, tasks), which never existed.
   */
  async #transaction(
    dryRun: boolean | undefined,
    change: (tx: Tx) => Promise<DeploymentChangeResult>,
  ): Promise<DeploymentChangeResult> {
    if (!dryRun) {
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

  #lockEnvironment(tx: Tx, id: string): Promise<Environment> {
    return liveEnvironment({ environments: this.#environments, id, tx });
  }

  /** A deployment that is not deleted: deleted ones take no change but a retried deletion. */
  async #liveDeployment(id: string, tx?: Tx): Promise<Deployment> {
    const deployment = await this.#deployments.getDeployment({ tx, id });
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

/**
 * The answers to the prompts of the hook that the change runs, checked against the driver
 * version it deploys; a change that runs no hook takes none.
 */
function promptAnswers(
  validated: ValidatedDeploymentChange,
  hook: Hook | undefined,
  answers: unknown,
): PromptAnswers {
  if (hook === undefined) {
    if (answers !== undefined && answers !== null) {
      throw validationError([
        {
          code: 'VALIDATION_FAILED',
          field: 'prompts',
          message:
            'Only a creation or an upgrade runs actions that ask for answers',
        },
      ]);
    }
    return {};
  }
  return valueOrThrow(
    validatePromptAnswers({
      driver: validated.driverVersion.spec,
      hook,
      answers,
    }),
  );
}

function ownInstance(generation: Generation, deploymentId: string) {
  return generation.instances.find(i => i.deploymentId === deploymentId)!;
}

function deploymentResult(
  deploymentId: string,
  redeployments: Redeployment[],
  droppedParameters: string[],
): DeploymentChangeResult {
  const own = redeployments.find(r => r.deployment.id === deploymentId)!;
  return {
    deployment: own.deployment,
    changed: true,
    redeployment: own,
    droppedParameters,
    siblings: redeployments.filter(r => r !== own),
  };
}
