import { mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { countQueries } from '../../__testUtils__/countQueries';
import { createTestGraphQL, TEST_USER } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { DeploymentChanges } from '../../reconciliation/DeploymentChanges';
import {
  SEMAPHORE_100,
  SEMAPHORE_CONFIGURATION,
  setupReconciliation,
} from '../../__testUtils__/reconciliation';

jest.setTimeout(60_000);

const DEPLOYMENTS_WITH_TASKS = /* GraphQL */ `
  query Deployments($first: Int) {
    deployments(first: $first) {
      nodes {
        name
        state
        latestTask {
          id
          type
          result
          deployment {
            name
          }
          steps {
            id
            name
            status
            errors {
              attempt
              message
              outputTail
              occurredAt
            }
            startedTasks {
              id
              result
            }
            supersededBy {
              id
            }
          }
        }
        deploymentStatus {
          ready
          reason
        }
        pods {
          name
          phase
        }
      }
    }
  }
`;

const ENVIRONMENT_TASKS = /* GraphQL */ `
  query EnvironmentTasks($id: ID!, $first: Int, $after: String) {
    environment(id: $id) {
      tasks(first: $first, after: $after) {
        nodes {
          id
          type
          deployment {
            name
          }
        }
        pageInfo {
          endCursor
          hasNextPage
        }
      }
    }
  }
`;

/** A semaphore in the environment: it connects to infrahub (connects_to: [infrahub]). */
const createSemaphore = (
  changes: { createDeployment: DeploymentChanges['createDeployment'] },
  environmentId: string,
  name: string,
) =>
  changes.createDeployment({
    environmentId,
    name,
    driver: SEMAPHORE_100,
    configuration: SEMAPHORE_CONFIGURATION,
    createdBy: TEST_USER,
  });

describe('tasks in GraphQL', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await setupReconciliation({ databases, databaseId });
      const graphql = await createTestGraphQL(stores);
      return { ...stores, ...graphql };
    }

    it('lists deployments with their latest task, its steps and result, and their observed state, in a constant number of queries', async () => {
      const {
        execute,
        knex,
        createInfrahub,
        deploymentChanges,
        dev,
        observedState,
        clock,
      } = await setup();
      // d0 is a semaphore, which connects to infrahub: each infrahub created after it
      // redeploys it. All in the same millisecond: the newest task is the last created
      // all the same.
      for (let i = 0; i < 8; i++) {
        const { deployment } =
          i === 0
            ? await createSemaphore(deploymentChanges, dev.id, 'd0')
            : await createInfrahub(dev.id, `d${i}`);
        await observedState.report({
          deploymentId: deployment.id,
          observedAt: clock.now(),
          status: {
            conditions: [
              { type: 'Ready', status: 'False', reason: 'Progressing' },
            ],
          },
          pods: [
            { name: `p${i}`, phase: 'Pending', ready: false, restarts: 0 },
          ],
        });
      }

      const queriesFor = async (first: number) => {
        const { queries, result: page } = await countQueries(knex, () =>
          execute(DEPLOYMENTS_WITH_TASKS, { first }),
        );
        expect(page.errors).toBeUndefined();
        expect(page.data.deployments.nodes).toHaveLength(first);
        return { queries, page };
      };
      const one = await queriesFor(1);
      const eight = await queriesFor(8);

      expect(eight.queries).toBe(one.queries);
      const [node] = eight.page.data.deployments.nodes;
      expect(node).toMatchObject({
        name: 'd0',
        state: 'DEPLOYING',
        latestTask: {
          result: 'RUNNING',
          deployment: { name: 'd0' },
          steps: expect.arrayContaining([
            expect.objectContaining({
              name: 'Apply the StyrminDeployment resource',
              status: expect.stringMatching(/PENDING|SUPERSEDED/),
              errors: [],
              startedTasks: [],
            }),
          ]),
        },
        deploymentStatus: { ready: false, reason: 'Progressing' },
        pods: [{ name: 'p0', phase: 'Pending' }],
      });
      // d0 was redeployed by each infrahub created after it: its latest task is the
      // newest of them.
      expect(node.latestTask.type).toBe('update_instance');
    });

    it('pages the tasks of an environment newest first, and reads one task', async () => {
      const { execute, createInfrahub, deploymentChanges, dev, clock } =
        await setup();
      // a connects to infrahub: creating b redeploys it.
      await createSemaphore(deploymentChanges, dev.id, 'a');
      clock.advance({ seconds: 1 });
      await createInfrahub(dev.id, 'b');

      const first = await execute(ENVIRONMENT_TASKS, { id: dev.id, first: 2 });
      expect(first.errors).toBeUndefined();
      expect(
        first.data.environment.tasks.nodes.map(
          (t: any) => `${t.type} ${t.deployment.name}`,
        ),
      ).toEqual(
        expect.arrayContaining(['create_instance b', 'update_instance a']),
      );
      expect(first.data.environment.tasks.pageInfo.hasNextPage).toBe(true);
      const rest = await execute(ENVIRONMENT_TASKS, {
        id: dev.id,
        first: 2,
        after: first.data.environment.tasks.pageInfo.endCursor,
      });
      expect(
        rest.data.environment.tasks.nodes.map(
          (t: any) => `${t.type} ${t.deployment.name}`,
        ),
      ).toEqual(['create_instance a']);

      const [{ id }] = first.data.environment.tasks.nodes;
      const one = await execute(`query($id: ID!) { task(id: $id) { id } }`, {
        id,
      });
      expect(one.data.task).toEqual({ id });
      const none = await execute(`query($id: ID!) { task(id: $id) { id } }`, {
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(none.data.task).toBeNull();
      const bad = await execute(ENVIRONMENT_TASKS, {
        id: dev.id,
        after: 'nope',
      });
      expect(bad.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    });

    it('answers why a task was started, and who made the change', async () => {
      const { execute, createInfrahub, deploymentChanges, dev } = await setup();
      // Semaphore connects to Infrahub: creating Infrahub redeploys it.
      await deploymentChanges.createDeployment({
        environmentId: dev.id,
        name: 'semaphore',
        driver: SEMAPHORE_100,
        configuration: SEMAPHORE_CONFIGURATION,
        createdBy: 'user:default/grace',
      });
      const infrahub = await createInfrahub();

      const result = await execute(
        `query($id: ID!) {
          environment(id: $id) {
            tasks(topLevel: true) {
              nodes {
                type
                deployment { name }
                cause { kind message causedBy record { type id name } }
              }
            }
          }
        }`,
        { id: dev.id },
      );
      expect(result.errors).toBeUndefined();
      const causes = Object.fromEntries(
        result.data.environment.tasks.nodes.map((t: any) => [
          `${t.type} ${t.deployment.name}`,
          t.cause,
        ]),
      );
      expect(causes).toEqual({
        'create_instance semaphore': null,
        'create_instance infrahub': null,
        'update_instance semaphore': {
          kind: 'DEPLOYMENT_CHANGE',
          message: 'redeployed because dev/infrahub was created',
          causedBy: TEST_USER,
          record: {
            type: 'deployment',
            id: infrahub.deployment.id,
            name: 'dev/infrahub',
          },
        },
      });
    });

    it('refuses tasks to callers without the read permission', async () => {
      const stores = await setupReconciliation({ databases, databaseId });
      const created = await stores.createInfrahub();
      const task = created.redeployment!.remediation!.task;
      const { execute } = await createTestGraphQL(stores, {
        permissions: mockServices.permissions({ result: AuthorizeResult.DENY }),
      });

      const denied = await execute(`query($id: ID!) { task(id: $id) { id } }`, {
        id: task.id,
      });

      expect(denied.data.task).toBeNull();
      expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });
});
