import { TestDatabaseId, TestDatabases } from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import { readEnvironment } from '../reconciliation/readEnvironment';
import {
  createCoreStores,
  createTestChangeServices,
  TEST_USER,
} from './coreStores';

export const INFRAHUB_100 = { name: 'infrahub', version: '1.0.0' };
export const SEMAPHORE_100 = { name: 'semaphore', version: '1.0.0' };

/** A configuration of drivers/infrahub/1.0.0 that passes validation. */
export const INFRAHUB_CONFIGURATION = {
  app_version: '1.5.2',
  parameters: { admin_password: 'correct horse battery' },
};

/** A configuration of drivers/semaphore/1.0.0 that passes validation. */
export const SEMAPHORE_CONFIGURATION = {
  app_version: '2.10.0',
  parameters: {
    admin_password: 'another long password',
    infrahub_api_token: 'token-0123',
  },
};

const TABLES = [
  'styrmin_deployments',
  'styrmin_instances',
  'styrmin_tasks',
  'styrmin_steps',
  'styrmin_flow_runs',
  'styrmin_clusters',
  'styrmin_environments',
];

/** How many rows each table of the core records holds: what "nothing written" compares. */
export async function rowCounts(knex: Knex) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [{ n }] = await knex(table).count({ n: '*' });
    counts[table] = Number(n);
  }
  return counts;
}

/**
 * The stores and changeServices on a fresh database with the example drivers loaded, a
 * cluster `local` (storage class `standard`) and its environment `dev`.
 */
export async function setupReconciliation(options: {
  databases: TestDatabases;
  databaseId: TestDatabaseId;
}) {
  const stores = await createCoreStores({
    ...options,
    load: ['infrahub/1.0.0', 'infrahub/1.1.0', 'semaphore/1.0.0'],
  });
  const services = await createTestChangeServices(stores);
  const { cluster } = await stores.clusters.registerCluster({
    name: 'local',
    settings: { storage_class: 'standard' },
    createdBy: TEST_USER,
  });
  const environment = (name: string, overrides = {}) =>
    stores.environments.createEnvironment({
      name,
      clusterId: cluster.id,
      overrides,
      createdBy: TEST_USER,
    });
  const dev = await environment('dev');
  const createInfrahub = (environmentId = dev.id, name = 'infrahub') =>
    services.deploymentChanges.createDeployment({
      environmentId,
      name,
      driver: INFRAHUB_100,
      configuration: INFRAHUB_CONFIGURATION,
      createdBy: TEST_USER,
    });
  /** What the generator builds from: the environment's records as they are now. */
  const read = (environmentId = dev.id, tx?: Knex.Transaction) =>
    readEnvironment(stores, { environmentId, tx });
  return {
    ...stores,
    ...services,
    cluster,
    dev,
    environment,
    createInfrahub,
    read,
  };
}
