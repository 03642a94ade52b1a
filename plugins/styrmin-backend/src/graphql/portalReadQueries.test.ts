import { StyrminClient } from '@styrmin/sdk';
import { countQueries } from '../__testUtils__/countQueries';
import { createTestGraphQL } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import { setupReconciliation } from '../__testUtils__/reconciliation';

jest.setTimeout(180_000);

/** Issue 20's page: deployments with their state, latest task result, components, status. */
const DEPLOYMENTS_PAGE = /* GraphQL */ `
  query DeploymentsPage($first: Int) {
    deployments(first: $first) {
      nodes {
        id
        state
        latestTask {
          status
          result
        }
        components {
          name
          pods
          readyReplicas
        }
        deploymentStatus {
          ready
        }
      }
    }
  }
`;

/**
 * The portal's reads cost as many queries with ten times the data (issue 20, goal 4): the
 * home page, an environment page and a deployment's Tasks tab, each sent as the portal
 * sends it, through the SDK's methods that the portal's StyrminClient calls; and a page of
 * deployments with their latest task results, components and statuses at most 6.
 */
describe("the portal's reads at ten times the data", () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('cost the same number of queries', async () => {
      const setup = await setupReconciliation({ databases, databaseId });
      const { execute } = await createTestGraphQL(setup);
      const sdk = StyrminClient.create({
        baseUrl: 'http://in-process/api/styrmin',
        fetch: async (_url, init) => {
          const { query, variables } = JSON.parse(String(init?.body));
          return new Response(JSON.stringify(await execute(query, variables)), {
            headers: { 'content-type': 'application/json' },
          });
        },
      });

      const environments: { id: string; deployments: number }[] = [];
      /** Environments e<n> up to `count`, each with `perEnvironment` deployments or more. */
      const grow = async (count: number, perEnvironment: number) => {
        for (let e = 0; e < count; e++) {
          environments[e] ??= {
            id: (await setup.environment(`e${e}`)).id,
            deployments: 0,
          };
          for (; environments[e].deployments < perEnvironment; ) {
            const name = `d${e}-${environments[e].deployments++}`;
            const { deployment } = await setup.createInfrahub(
              environments[e].id,
              name,
            );
            await setup.observedState.report({
              deploymentId: deployment.id,
              observedAt: setup.clock.now(),
              status: {
                conditions: [
                  { type: 'Ready', status: 'True', reason: 'Ready' },
                ],
              },
              pods: [
                {
                  name: `${name}-server`,
                  phase: 'Running',
                  ready: true,
                  restarts: 0,
                  component: 'server',
                },
              ],
            });
          }
        }
      };
      const [first] = await (async () => {
        await grow(2, 2);
        return setup.deployments.listDeploymentsOfEnvironments({
          environmentIds: [environments[0].id],
        });
      })();
      let edits = 0;
      /** Edits the first deployment until it has `count` tasks. */
      const tasksOfFirst = async (count: number) => {
        for (; edits + 1 < count; edits++) {
          await sdk.editDeployment({
            id: first.id,
            configuration: {
              parameters: { log_level: edits % 2 ? 'INFO' : 'DEBUG' },
            },
          });
        }
      };
      await tasksOfFirst(2);

      const reads = {
        'home: environments': async () =>
          (await sdk.environmentsWithDeployments()).flatMap(e => e.deployments)
            .length,
        'home: clusters': async () => (await sdk.clusters()).length,
        'home: drivers': async () => (await sdk.drivers()).length,
        'home: server': async () => (await sdk.serverInfo()).version.length,
        'environment page': async () =>
          (await sdk.environmentWithDeployments({ id: environments[0].id }))!
            .deployments.length,
        'Tasks tab': async () =>
          (await sdk.deploymentTasks({ id: first.id, topLevel: true }))!.nodes
            .length,
        'deployments page': async () => {
          const page = await execute(DEPLOYMENTS_PAGE, { first: 100 });
          expect(page.errors).toBeUndefined();
          return page.data.deployments.nodes.length;
        },
      };
      const measure = async () => {
        const figures: Record<string, { queries: number; rows: number }> = {};
        for (const [name, read] of Object.entries(reads)) {
          const { queries, result } = await countQueries(setup.knex, read);
          figures[name] = { queries, rows: result };
        }
        return figures;
      };
      // Once first: what a process reads once (the server's installation) is not the page's.
      await measure();
      const once = await measure();

      await grow(20, 2);
      await grow(1, 20);
      await tasksOfFirst(20);
      const tenTimes = await measure();

      // The data did grow ten times where the pages show it...
      expect(once['home: environments'].rows).toBe(2 + 2);
      expect(tenTimes['home: environments'].rows).toBe(20 + 19 * 2);
      expect(once['environment page'].rows).toBe(2);
      expect(tenTimes['environment page'].rows).toBe(20);
      expect(once['Tasks tab'].rows).toBe(2);
      expect(tenTimes['Tasks tab'].rows).toBe(20);
      expect(once['deployments page'].rows).toBe(4);
      expect(tenTimes['deployments page'].rows).toBe(58);
      // ...and the queries did not.
      const queries = (figures: typeof once) =>
        Object.fromEntries(
          Object.entries(figures).map(([name, { queries: n }]) => [name, n]),
        );
      expect(queries(tenTimes)).toEqual(queries(once));
      expect(once['deployments page'].queries).toBeLessThanOrEqual(6);
    });
  });
});
