import { PermissionsService } from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { createBackupStores } from '../backups/createBackupStores';
import { DatabaseEnvironmentBackupStore } from '../environmentOperations/DatabaseEnvironmentBackupStore';
import { EnvironmentBackups } from '../environmentOperations/EnvironmentBackups';
import { EnvironmentUpgrades } from '../environmentOperations/EnvironmentUpgrades';
import { EnvironmentRestores } from '../environmentOperations/EnvironmentRestores';
import { EnvironmentClones } from '../environmentOperations/EnvironmentClones';
import { DeploymentBackups } from '../backups/DeploymentBackups';
import { DeploymentRollbacks } from '../rollback/DeploymentRollbacks';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { DatabaseClusterStore } from '../clusters/DatabaseClusterStore';
import { DatabaseServerInfoStore } from '../database/DatabaseServerInfoStore';
import { DatabaseDeploymentStore } from '../deployments/DatabaseDeploymentStore';
import { DatabaseDriverStore } from '../drivers/DatabaseDriverStore';
import { DriverLoader } from '../drivers/DriverLoader';
import { ServerDirectoryPolicy } from '../drivers/ServerDirectoryPolicy';
import { GitSourcePolicy } from '../drivers/GitSourcePolicy';
import { DatabaseEnvironmentStore } from '../environments/DatabaseEnvironmentStore';
import { DatabaseFlowRunStore } from '../flows/DatabaseFlowRunStore';
import { DatabaseInstanceStore } from '../instances/DatabaseInstanceStore';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { DatabaseObservedStateStore } from '../observedState/DatabaseObservedStateStore';
import { StyrminGraphQL } from '../graphql/StyrminGraphQL';
import { StyrminCredentials } from '../graphql/types';
import { createChangeServices } from '../reconciliation/createChangeServices';
import { DatabaseTaskStore } from '../tasks/DatabaseTaskStore';
import { ClusterUtilities } from '../utilities/ClusterUtilities';
import { DatabasePlanStore } from '../plans/DatabasePlanStore';
import { DeploymentPlans } from '../plans/DeploymentPlans';
import { readExampleDriver } from './exampleDrivers';
import { ManualClock } from './ManualClock';
import { testSecretBox } from './secretBox';
import { KubernetesEvents } from '../kubernetesEvents/KubernetesEvents';

/** Who the test records say made a change. */
export const TEST_USER = 'user:default/ada';

/**
 * Every store of the core records on a fresh test database, on one manual clock, with the
 * example driver versions that `load` names loaded.
 */
export async function createCoreStores(options: {
  databases: TestDatabases;
  databaseId: TestDatabaseId;
  load?: string[];
}) {
  const { databases, databaseId, load = [] } = options;
  const knex = await databases.init(databaseId);
  const clock = new ManualClock();
  const database = mockServices.database({ knex });
  const secretBox = testSecretBox();
  const stores = {
    knex,
    clock,
    database,
    secretBox,
    clusters: await DatabaseClusterStore.create({ database, clock }),
    environments: await DatabaseEnvironmentStore.create({ database, clock }),
    deployments: await DatabaseDeploymentStore.create({
      database,
      secretBox,
      clock,
    }),
    instances: await DatabaseInstanceStore.create({
      database,
      secretBox,
      clock,
    }),
    drivers: await DatabaseDriverStore.create({ database, clock }),
    flowRuns: await DatabaseFlowRunStore.create({ database, clock }),
    tasks: await DatabaseTaskStore.create({ database, secretBox, clock }),
    observedState: await DatabaseObservedStateStore.create({ database, clock }),
    ...(await createBackupStores({ database, clock })),
    environmentBackups: await DatabaseEnvironmentBackupStore.create({
      database,
      secretBox,
      clock,
    }),
    plans: await DatabasePlanStore.create({ database, secretBox, clock }),
  };
  for (const path of load) {
    await stores.drivers.loadDriverVersion({
      bundle: await readExampleDriver(path),
      source: { type: 'UPLOAD', path },
      loadedBy: TEST_USER,
    });
  }
  return stores;
}

/** The generator, the remediator and the change services on the stores of {@link createCoreStores}. */
export async function createTestChangeServices(
  stores: Awaited<ReturnType<typeof createCoreStores>>,
) {
  const broker = await FlowRunBroker.create({
    ...stores,
    logger: mockServices.logger.mock(),
  });
  // What the changeServices announce; the plugin's tests check the announcements end to end.
  const changes: jest.Mocked<ChangeNotifier> = { notify: jest.fn() };
  const changeServices = createChangeServices({ ...stores, broker, changes });
  const deploymentBackups = DeploymentBackups.create({
    ...stores,
    logger: mockServices.logger.mock(),
    remediator: changeServices.remediator,
  });
  return {
    broker,
    changes,
    ...changeServices,
    deploymentBackups,
    deploymentPlans: DeploymentPlans.create({
      ...stores,
      deploymentChanges: changeServices.deploymentChanges,
    }),
    rollbacks: DeploymentRollbacks.create({
      ...stores,
      logger: mockServices.logger.mock(),
      deploymentChanges: changeServices.deploymentChanges,
    }),
    environmentBackupService: EnvironmentBackups.create({
      ...stores,
      deploymentBackups,
    }),
    environmentUpgrades: EnvironmentUpgrades.create({
      ...stores,
      remediator: changeServices.remediator,
    }),
    environmentRestores: EnvironmentRestores.create({
      ...stores,
      remediator: changeServices.remediator,
    }),
    environmentClones: EnvironmentClones.create({
      ...stores,
      remediator: changeServices.remediator,
      changes,
    }),
    // No utilities shipped: the utilities' tests give their own.
    clusterUtilities: ClusterUtilities.create({
      ...stores,
      deploymentChanges: changeServices.deploymentChanges,
      utilities: [],
      logger: mockServices.logger.mock(),
    }),
  };
}

/**
 * The GraphQL API on the stores of {@link createCoreStores}, without HTTP: what a request
 * answers for a caller, every permission allowed unless `permissions` says otherwise.
 */
export async function createTestGraphQL(
  stores: Awaited<ReturnType<typeof createCoreStores>>,
  options: {
    permissions?: PermissionsService;
    kubernetesEvents?: KubernetesEvents;
  } = {},
) {
  const logger = mockServices.logger.mock();
  const changeServices = await createTestChangeServices(stores);
  const graphql = StyrminGraphQL.create({
    serverInfo: await DatabaseServerInfoStore.create({
      database: stores.database,
    }),
    drivers: {
      loader: DriverLoader.create({
        store: stores.drivers,
        directories: ServerDirectoryPolicy.create({ allowedDirectories: [] }),
        git: GitSourcePolicy.create(),
        logger,
      }),
    },
    records: {
      ...stores,
      ...changeServices,
      kubernetesEvents: options.kubernetesEvents,
    },
    permissions:
      options.permissions ??
      mockServices.permissions({ result: AuthorizeResult.ALLOW }),
    auditor: mockServices.auditor.mock(),
    logger,
  });
  const execute = (
    query: string,
    variables: Record<string, unknown> = {},
    credentials: StyrminCredentials = mockCredentials.user(TEST_USER),
    // What the client would parse from the JSON answer: loosely typed, as in the tests.
  ): Promise<any> => graphql.execute({ query, variables }, { credentials });
  return { execute, logger, changes: changeServices.changes };
}
