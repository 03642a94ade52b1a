import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import {
  actionsRegistryServiceFactory,
  actionsServiceFactory,
} from '@backstage/backend-defaults/alpha';
import { authServiceFactory } from '@backstage/backend-defaults/auth';
import { httpAuthServiceFactory } from '@backstage/backend-defaults/httpAuth';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import mcpActionsPlugin from '@backstage/plugin-mcp-actions-backend';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Knex } from 'knex';
import {
  AgentProtocolBackend,
  READ_ONLY_USER,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { releaseFetchConnections } from '../__testUtils__/releaseFetchConnections';
import { styrminActions } from './styrminActions';

jest.setTimeout(120_000);

const OPERATOR = 'user:default/ada';
/** A static external-access token for the MCP actions backend and what it calls. */
const STATIC_TOKEN = 'mcp-ci-static-token-0123456789';

/** What a tool call answered: its structured output, or the error text of a refusal. */
type ToolAnswer = {
  isError?: boolean;
  structuredContent?: Record<string, any>;
  content: Array<{ type: string; text?: string }>;
};

/** An MCP session, as a client configured with the `Authorization` header opens it. */
async function connectMcp(
  backend: AgentProtocolBackend,
  authorization: string,
  clients: Client[],
) {
  const client = new Client({ name: 'styrmin-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(`${backend.serverUrl}/api/mcp-actions/v1`),
      { requestInit: { headers: { Authorization: authorization } } },
    ),
  );
  clients.push(client);
  return {
    call: async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({
        name: `styrmin.${name}`,
        arguments: args,
      })) as ToolAnswer,
    listTools: () => client.listTools(),
  };
}

/*
 * Styrmin's actions through Backstage's MCP actions backend, as an AI client uses them: a
 * real MCP client (the SDK's Streamable HTTP transport) against /api/mcp-actions/v1, which
 * lists the actions of `backend.actions.pluginSources` and invokes them over the actions
 * registry's HTTP API with the caller's credentials, so Styrmin's permissions decide.
 */
describe('Styrmin actions over MCP', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let backend: AgentProtocolBackend;
    const clients: Client[] = [];

    beforeAll(async () => {
      backend = await startAgentProtocolBackend({
        knex: await databases.init(databaseId),
        load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
        config: { backend: { actions: { pluginSources: ['styrmin'] } } },
        features: [
          actionsRegistryServiceFactory,
          actionsServiceFactory,
          mcpActionsPlugin,
        ],
      });
    });

    afterAll(async () => {
      await Promise.all(clients.map(client => client.close()));
      await backend?.stop();
      await releaseFetchConnections();
    });

    const connect = (user: string) =>
      connectMcp(backend, mockCredentials.user.header(user), clients);

    it('lists every Styrmin action as a tool with its hints', async () => {
      const reader = await connect(READ_ONLY_USER);
      const { tools } = await reader.listTools();
      expect(tools.map(tool => tool.name).sort()).toEqual(
        styrminActions.map(action => `styrmin.${action.name}`).sort(),
      );
      const edit = tools.find(tool => tool.name === 'styrmin.edit-deployment')!;
      expect(edit.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
      });
      expect(edit.inputSchema.required).toEqual(['id', 'configuration']);
      expect(
        tools.find(tool => tool.name === 'styrmin.get-deployment')!.annotations
          ?.readOnlyHint,
      ).toBe(true);
    });

    it('reads, plans and applies under an operator, refuses the changes to a read-only user', async () => {
      const { createInfrahub } = await backend.newCluster();
      const { deployment } = await createInfrahub();
      const operator = await connect(OPERATOR);
      const reader = await connect(READ_ONLY_USER);

      const read = await reader.call('get-deployment', { id: deployment.id });
      expect(read.isError).toBeFalsy();
      expect(read.structuredContent).toMatchObject({
        deployment: { id: deployment.id, name: 'infrahub', version: 1 },
      });

      const edit = {
        id: deployment.id,
        configuration: { parameters: { log_level: 'DEBUG' } },
      };
      const refusedPlan = await reader.call('edit-deployment', {
        ...edit,
        dryRun: true,
      });
      expect(refusedPlan.isError).toBe(true);
      expect(refusedPlan.content[0].text).toMatch(
        /^NotAllowedError: FORBIDDEN: .*styrmin\.deployment\.update/,
      );

      // The plan of an edit: the diff and the steps, nothing recorded.
      const plan = await operator.call('edit-deployment', {
        ...edit,
        dryRun: true,
      });
      expect(plan.isError).toBeFalsy();
      expect(plan.structuredContent).toMatchObject({
        changed: true,
        instanceId: null,
        task: null,
        diff: [
          {
            path: 'parameters.log_level',
            kind: 'CHANGED',
            before: 'INFO',
            after: 'DEBUG',
          },
        ],
      });
      expect(plan.structuredContent!.plannedSteps.length).toBeGreaterThan(0);

      // The plan of an upgrade, under the same permission.
      const upgrade = { id: deployment.id, driverVersion: '1.1.0' };
      const refusedUpgrade = await reader.call('upgrade-deployment', {
        ...upgrade,
        dryRun: true,
      });
      expect(refusedUpgrade.isError).toBe(true);
      expect(refusedUpgrade.content[0].text).toMatch(
        /^NotAllowedError: FORBIDDEN: /,
      );
      const upgradePlan = await operator.call('upgrade-deployment', {
        ...upgrade,
        dryRun: true,
      });
      expect(upgradePlan.isError).toBeFalsy();
      expect(upgradePlan.structuredContent).toMatchObject({
        changed: true,
        instanceId: null,
        task: null,
        plannedActions: [
          'stop-task-workers',
          'run-migrations',
          'start-task-workers',
        ],
      });
      expect(upgradePlan.structuredContent!.diff).toContainEqual(
        expect.objectContaining({
          path: 'driver.version',
          kind: 'CHANGED',
          before: '1.0.0',
          after: '1.1.0',
        }),
      );
      expect(upgradePlan.structuredContent!.plannedSteps).toContain(
        'Run the upgrade post-hook',
      );
      // Neither plan recorded anything.
      expect(
        (await reader.call('get-deployment', { id: deployment.id }))
          .structuredContent!.deployment,
      ).toMatchObject({ version: 1, driverVersion: { version: '1.0.0' } });

      // The edit applied at the version it was planned on, once: a second apply is stale.
      const refusedApply = await reader.call('edit-deployment', {
        ...edit,
        expectedVersion: 1,
      });
      expect(refusedApply.isError).toBe(true);
      expect(refusedApply.content[0].text).toMatch(
        /^NotAllowedError: FORBIDDEN: /,
      );
      const applied = await operator.call('edit-deployment', {
        ...edit,
        expectedVersion: 1,
      });
      expect(applied.isError).toBeFalsy();
      expect(applied.structuredContent).toMatchObject({
        changed: true,
        task: { type: 'update_instance', createdBy: OPERATOR },
        deployment: { version: 2 },
      });
      const stale = await operator.call('edit-deployment', {
        ...edit,
        expectedVersion: 1,
      });
      expect(stale.isError).toBe(true);
      expect(stale.content[0].text).toMatch(/^ConflictError: CONFLICT: /);

      const tasks = await reader.call('list-deployment-tasks', {
        deployment: deployment.id,
      });
      expect(tasks.structuredContent!.tasks[0].id).toBe(
        applied.structuredContent!.task.id,
      );
    });

    it('plans a change as a stored plan and applies it by id, refused to a read-only user', async () => {
      const { createInfrahub } = await backend.newCluster();
      const { deployment } = await createInfrahub();
      const operator = await connect(OPERATOR);
      const reader = await connect(READ_ONLY_USER);
      const change = { id: deployment.id, driverVersion: '1.1.0' };

      const refusedPlan = await reader.call('plan-change', change);
      expect(refusedPlan.isError).toBe(true);
      expect(refusedPlan.content[0].text).toMatch(
        /^NotAllowedError: FORBIDDEN: .*styrmin\.deployment\.update/,
      );
      const planned = await operator.call('plan-change', change);
      expect(planned.isError).toBeFalsy();
      const { plan } = planned.structuredContent!;
      expect(plan).toMatchObject({
        kind: 'UPGRADE',
        fromDriverVersion: '1.0.0',
        driverVersion: '1.1.0',
        changed: true,
      });

      const refusedApply = await reader.call('apply-plan', { id: plan.id });
      expect(refusedApply.isError).toBe(true);
      expect(refusedApply.content[0].text).toMatch(
        /^NotAllowedError: FORBIDDEN: /,
      );
      const applied = await operator.call('apply-plan', { id: plan.id });
      expect(applied.isError).toBeFalsy();
      expect(applied.structuredContent).toMatchObject({
        task: { type: 'upgrade_instance', createdBy: OPERATOR },
        deployment: { version: 2, driverVersion: { version: '1.1.0' } },
      });
      const again = await operator.call('apply-plan', { id: plan.id });
      expect(again.isError).toBe(true);
      expect(again.content[0].text).toMatch(
        /^ConflictError: CONFLICT: Plan .* was applied already/,
      );
    });
  });

  /*
   * With Backstage's real auth services: a static token reaches the MCP server as its own
   * subject, but the MCP server calls Styrmin as itself (plugin:mcp-actions), since a
   * service's credentials cannot be forwarded; every static token shares that identity,
   * whose role styrmin.roles.services gives (read-only in app-config.yaml).
   */
  describe.each(databases.eachSupportedId())(
    'with a static token on %s',
    databaseId => {
      let backend: AgentProtocolBackend;
      const clients: Client[] = [];

      beforeAll(async () => {
        const knexes = new Map<string, Promise<Knex>>();
        backend = await startAgentProtocolBackend({
          knex: await databases.init(databaseId),
          config: {
            backend: {
              actions: { pluginSources: ['styrmin'] },
              auth: {
                externalAccess: [
                  {
                    type: 'static',
                    options: { token: STATIC_TOKEN, subject: 'mcp-ci' },
                    // The MCP server may forward it only to plugins it names.
                    accessRestrictions: [
                      { plugin: 'mcp-actions' },
                      { plugin: 'styrmin' },
                    ],
                  },
                ],
              },
            },
          },
          styrminConfig: {
            roles: { services: { 'plugin:mcp-actions': 'readOnly' } },
          },
          // The real auth services keep each plugin's signing keys in its own database.
          database: createServiceFactory({
            service: coreServices.database,
            deps: { plugin: coreServices.pluginMetadata },
            factory: async ({ plugin }) => {
              const id = plugin.getId();
              if (!knexes.has(id)) {
                knexes.set(id, databases.init(databaseId));
              }
              return mockServices.database({ knex: await knexes.get(id)! });
            },
          }),
          features: [
            authServiceFactory,
            httpAuthServiceFactory,
            actionsRegistryServiceFactory,
            actionsServiceFactory,
            mcpActionsPlugin,
          ],
        });
      });

      afterAll(async () => {
        await Promise.all(clients.map(client => client.close()));
        await backend?.stop();
        await releaseFetchConnections();
      });

      it('reads as the MCP server, whose role refuses the changes', async () => {
        const session = await connectMcp(
          backend,
          `Bearer ${STATIC_TOKEN}`,
          clients,
        );
        const { tools } = await session.listTools();
        expect(tools.map(tool => tool.name)).toContain('styrmin.list-drivers');
        const drivers = await session.call('list-drivers', {});
        expect(drivers.isError).toBeFalsy();
        expect(drivers.structuredContent).toEqual({ drivers: [] });

        const refused = await session.call('create-deployment', {
          environment: 'dev',
          name: 'infrahub',
          driver: 'infrahub',
          driverVersion: '1.0.0',
          configuration: {},
          dryRun: true,
        });
        expect(refused.isError).toBe(true);
        expect(refused.content[0].text).toMatch(
          /^NotAllowedError: FORBIDDEN: .*styrmin\.deployment\.create/,
        );
      });

      it('refuses a token it does not know', async () => {
        await expect(
          connectMcp(backend, 'Bearer not-a-token-of-this-portal', clients),
        ).rejects.toThrow(/401/);
      });
    },
  );
});
