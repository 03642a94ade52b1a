import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  applyMergePatch,
  parseRecordName,
  ValidationResult,
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
import { Generation, Generator } from '../generator/Generator';
import { InstanceStore } from '../instances/InstanceStore';
import { Remediator } from '../remediator/Remediator';
import { checkVersion, liveEnvironment } from './recordChecks';
import { redeploy } from './redeploy';
import {
  DeploymentChangeResult,
  DeploymentReconcilerChangeOptions,
  DeploymentReconcilerCreateOptions,
  DeploymentReconcilerDeleteOptions,
  Redeployment,
} from './types';

type Tx = Knex.Transaction;

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
  }

  /** Creates a deployment and its first instance, and redeploys its environment's others. */
  async createDeployment(
    options: DeploymentReconcilerCreateOptions,
  ): Promise<DeploymentChangeResult> {
    const { environmentId, driver, configuration, createdBy } = options;
    const name = valueOrThrow(parseRecordName(options.name));
    return this.#knex.transaction(async tx => {
      await this.#lockEnvironment(tx, environmentId);
      const validated = await this.#generator.validate({
        tx,
        driver,
        configuration,
      });
      const deployment = await this.#deployments.createDeployment({
        tx,
        environmentId,
        name,
        driver,
        configuration: validated.configuration,
        createdBy,
      });
      const generation = await this.#generator.generate({ tx, environmentId });
      const redeployments = await this.#redeploy(tx, generation, createdBy);
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
    return this.#knex.transaction(async tx => {
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
      const redeployments = await this.#redeploy(tx, generation, updatedBy);
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
        ? await this.#redeploy(tx, generation, deletedBy)
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

  #redeploy(
    tx: Tx,
    generation: Generation,
    createdBy: string,
  ): Promise<Redeployment[]> {
    return redeploy({
      tx,
      generation,
      createdBy,
      generator: this.#generator,
      remediator: this.#remediator,
      deployments: this.#deployments,
    });
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

/** The value of a validation, or the error with every problem. */
function valueOrThrow<T>(result: ValidationResult<T>): T {
  if (!result.success) {
    throw validationError(result.problems);
  }
  return result.value;
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
