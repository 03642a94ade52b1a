import {
  LoggerService,
  SchedulerServiceTaskRunner,
} from '@backstage/backend-plugin-api';
import {
  EntityProvider,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import { StyrminClient } from '@styrmin/sdk';
import { buildEntities } from '../entities/buildEntities';
import { EntitySettings } from '../entities/EntitySettings';
import { readStyrminRecords } from '../records/readStyrminRecords';

/** The provider's name: stable, since the catalog keys the entities it owns by it. */
export const STYRMIN_PROVIDER_NAME = 'styrmin';

/**
 * Options of {@link StyrminEntityProvider.create}.
 */
export type StyrminEntityProviderOptions = {
  /** A client of the Styrmin API that calls as the catalog plugin (a service). */
  client: StyrminClient;
  context: EntitySettings;
  /** Runs the periodic refresh. */
  taskRunner: SchedulerServiceTaskRunner;
  logger: LoggerService;
};

/**
 * Styrmin's records in the catalog: reads them all through the Styrmin API and replaces
 * the provider's entities with what it read (a `full` mutation, so what Styrmin no longer
 * has, a deleted deployment for one, leaves the catalog).
 *
 * It refreshes on its schedule and whenever {@link StyrminEntityProvider.refresh} is
 * called, which the module does for every change Styrmin announces on the event bus.
 * Refreshes never overlap: one asked for while another runs starts when it ends (the
 * running one may have read before the change), and any number of such requests make one.
 */
export class StyrminEntityProvider implements EntityProvider {
  readonly #client: StyrminClient;
  readonly #context: EntitySettings;
  readonly #taskRunner: SchedulerServiceTaskRunner;
  readonly #logger: LoggerService;
  #connection?: EntityProviderConnection;
  #running?: Promise<void>;
  #pending?: Promise<void>;

  static create(options: StyrminEntityProviderOptions): StyrminEntityProvider {
    return new StyrminEntityProvider(options);
  }

  private constructor(options: StyrminEntityProviderOptions) {
    this.#client = options.client;
    this.#context = options.context;
    this.#taskRunner = options.taskRunner;
    this.#logger = options.logger;
  }

  getProviderName(): string {
    return STYRMIN_PROVIDER_NAME;
  }

  async connect(connection: EntityProviderConnection): Promise<void> {
    this.#connection = connection;
    await this.#taskRunner.run({
      id: `${STYRMIN_PROVIDER_NAME}:refresh`,
      fn: () => this.refresh(),
    });
  }

  /**
   * Reads Styrmin again and applies what it holds. Resolves when a refresh that started
   * after this call has ended; rejects when it failed.
   */
  refresh(): Promise<void> {
    if (!this.#running) {
      this.#running = this.#apply().finally(() => {
        this.#running = undefined;
      });
      return this.#running;
    }
    if (!this.#pending) {
      this.#pending = this.#running
        .catch(() => undefined)
        .then(() => {
          this.#pending = undefined;
          return this.refresh();
        });
    }
    return this.#pending;
  }

  async #apply(): Promise<void> {
    const connection = this.#connection;
    if (!connection) {
      throw new Error(
        `The ${STYRMIN_PROVIDER_NAME} entity provider is not connected yet`,
      );
    }
    const records = await readStyrminRecords(this.#client, {
      onSkippedDriverVersion: ({ name, version }, reason) =>
        this.#logger.warn(
          `Left out the template of driver ${name} ${version}, whose specification this module cannot read: ${reason}`,
        ),
    });
    const entities = buildEntities(records, this.#context);
    await connection.applyMutation({
      type: 'full',
      entities: entities.map(entity => ({
        entity,
        locationKey: `${STYRMIN_PROVIDER_NAME}-provider`,
      })),
    });
    this.#logger.info(
      `Applied ${entities.length} Styrmin entities: ${records.clusters.length} clusters, ${records.environments.length} environments, ${records.deployments.length} deployments, ${records.driverVersions.length} templates`,
    );
  }
}
