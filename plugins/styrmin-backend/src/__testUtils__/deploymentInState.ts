import {
  mockServices,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { DeploymentState } from '@styrmin/plugin-styrmin-common';
import { createCoreStores, createTestGraphQL, TEST_USER } from './coreStores';
import {
  INFRAHUB_100,
  INFRAHUB_CONFIGURATION,
  rowCounts,
} from './reconciliation';

/**
 * The fields of a `DeploymentTaskResult` (what stopComponents, startComponents and runJob
 * answer) that their tests compare, as the fragment `TaskResult`.
 */
export const DEPLOYMENT_TASK_RESULT_FIELDS = /* GraphQL */ `
  fragment TaskResult on DeploymentTaskResult {
    deployment {
      id
      state
      version
    }
    task {
      id
      type
      result
      steps {
        name
        status
      }
      flowRun {
        pool
        flowName
        state
      }
    }
  }
`;

/**
 * The GraphQL API over a fresh database with infrahub 1.0.0 and 1.1.0 loaded, a cluster
 * `local`, its environment `dev`, and a deployment `infrahub` of 1.0.0 created through the
 * API and then put in `state`: what the tests of the tasks users start on a deployment's
 * workload act on.
 */
export async function setUpDeploymentInState(options: {
  databases: TestDatabases;
  databaseId: TestDatabaseId;
  state: DeploymentState;
}) {
  const { databases, databaseId, state } = options;
  const stores = await createCoreStores({
    databases,
    databaseId,
    load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
  });
  const api = await createTestGraphQL(stores);
  const { cluster } = await stores.clusters.registerCluster({
    name: 'local',
    settings: { storage_class: 'standard' },
    createdBy: TEST_USER,
  });
  const dev = await stores.environments.createEnvironment({
    name: 'dev',
    clusterId: cluster.id,
    overrides: {},
    createdBy: TEST_USER,
  });
  const created = await api.execute(
    /* GraphQL */ `
      mutation Create($input: CreateDeploymentInput!) {
        createDeployment(input: $input) {
          deployment {
            id
          }
        }
      }
    `,
    {
      input: {
        environment: dev.id,
        name: 'infrahub',
        driver: INFRAHUB_100.name,
        driverVersion: INFRAHUB_100.version,
        configuration: INFRAHUB_CONFIGURATION,
      },
    },
  );
  if (created.errors) {
    throw new Error(`createDeployment failed: ${created.errors[0].message}`);
  }
  const id: string = created.data.createDeployment.deployment.id;
  await stores.deployments.setState({ id, state });
  return { ...stores, api, cluster, id };
}

/** What {@link setUpDeploymentInState} set up. */
export type DeploymentInState = Awaited<
  ReturnType<typeof setUpDeploymentInState>
>;

/** Records the deletion of the deployment that was set up, and puts it in `state`. */
export async function deleteDeploymentInState(
  setUp: DeploymentInState,
  state: DeploymentState,
): Promise<void> {
  const { deployments, id } = setUp;
  const deployment = (await deployments.getDeployment({ id }))!;
  await deployments.updateDeployment({
    id,
    expectedVersion: deployment.version,
    driver: deployment.driver,
    configuration: deployment.configuration,
    deleted: true,
    updatedBy: TEST_USER,
  });
  await deployments.setState({ id, state });
}

/**
 * What `document` answers a caller whom `permission` is denied, after checking that it
 * wrote nothing.
 */
export async function executeWithout(
  setUp: DeploymentInState,
  permission: string,
  document: string,
  variables: Record<string, unknown>,
) {
  const reader = await createTestGraphQL(setUp, {
    permissions: denyingPermission(permission),
  });
  const counts = await rowCounts(setUp.knex);
  const answer = await reader.execute(document, variables);
  await expect(rowCounts(setUp.knex)).resolves.toEqual(counts);
  return answer;
}

/** A permission service that denies one permission and allows every other. */
export function denyingPermission(name: string) {
  return mockServices.permissions.mock({
    authorizeConditional: async requests =>
      requests.map(() => ({ result: AuthorizeResult.DENY })),
    authorize: async requests =>
      requests.map(({ permission }) => ({
        result:
          permission.name === name
            ? AuthorizeResult.DENY
            : AuthorizeResult.ALLOW,
      })),
  });
}
