import { actionsRegistryServiceFactory } from '@backstage/backend-defaults/alpha';
import { mockCredentials } from '@backstage/backend-test-utils';
import {
  AgentProtocolBackend,
  READ_ONLY_USER,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';

jest.setTimeout(120_000);

const OPERATOR = 'user:default/ada';

/**
 * styrmin:plan-change and styrmin:apply-plan through the actions registry's HTTP API, as
 * the MCP actions backend calls them.
 */
describe('the plan actions', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      backend = await startAgentProtocolBackend({
        knex: await databases.init(databaseId),
        load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
        features: [actionsRegistryServiceFactory],
      });
    });

    afterAll(() => backend?.stop());

    const invoke = async (name: string, user: string, input: unknown) => {
      const response = await fetch(
        `${backend.serverUrl}/api/styrmin/.backstage/actions/v1/actions/styrmin:${name}/invoke`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${mockCredentials.user.token(user)}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(input),
        },
      );
      return { status: response.status, body: await response.json() };
    };

    it('plans an upgrade with its hooks and prompts, applies it once as an operator, refuses it to a read-only user', async () => {
      const { createInfrahub } = await backend.newCluster();
      const { deployment } = await createInfrahub();

      const planned = await invoke('plan-change', OPERATOR, {
        id: deployment.id,
        driverVersion: '1.1.0',
      });
      expect(planned.status).toBe(200);
      const { plan } = planned.body.output;
      expect(plan).toMatchObject({
        kind: 'UPGRADE',
        deploymentName: 'infrahub',
        fromDriverVersion: '1.0.0',
        driverVersion: '1.1.0',
        changed: true,
        flow: 'UPGRADE_INSTANCE',
        backup: { taken: false },
        siblings: [],
      });
      expect(plan.plannedActions).toEqual([
        {
          name: 'stop-task-workers',
          hook: 'upgrade',
          mode: 'pre',
          prompts: [],
        },
        {
          name: 'run-migrations',
          hook: 'upgrade',
          mode: 'core',
          prompts: ['migration_timeout_minutes'],
        },
        {
          name: 'start-task-workers',
          hook: 'upgrade',
          mode: 'post',
          prompts: [],
        },
      ]);
      const unchanged = await invoke('get-deployment', OPERATOR, {
        id: deployment.id,
      });
      expect(unchanged.body.output.deployment.version).toBe(1);

      const refused = await invoke('apply-plan', READ_ONLY_USER, {
        id: plan.id,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(
        /^FORBIDDEN: .*styrmin\.deployment\.update/,
      );
      const applied = await invoke('apply-plan', OPERATOR, { id: plan.id });
      expect(applied.status).toBe(200);
      expect(applied.body.output).toMatchObject({
        changed: true,
        task: { type: 'upgrade_instance', createdBy: OPERATOR },
        deployment: { version: 2, driverVersion: { version: '1.1.0' } },
      });
      const again = await invoke('apply-plan', OPERATOR, { id: plan.id });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toMatch(
        /^CONFLICT: Plan .* was applied already/,
      );
    });

    it('plans an edit, and refuses it after the deployment changed, naming what', async () => {
      const { createInfrahub } = await backend.newCluster();
      const { deployment } = await createInfrahub();

      const planned = await invoke('plan-change', OPERATOR, {
        id: deployment.id,
        configuration: { parameters: { log_level: 'DEBUG' } },
      });
      expect(planned.status).toBe(200);
      expect(planned.body.output.plan).toMatchObject({
        kind: 'EDIT',
        flow: 'UPDATE_INSTANCE',
        plannedActions: [],
        diff: [
          {
            path: 'parameters.log_level',
            kind: 'CHANGED',
            before: 'INFO',
            after: 'DEBUG',
          },
        ],
      });
      const readOnlyPlan = await invoke('plan-change', READ_ONLY_USER, {
        id: deployment.id,
      });
      expect(readOnlyPlan.status).toBe(403);

      const edited = await invoke('edit-deployment', OPERATOR, {
        id: deployment.id,
        configuration: { parameters: { log_level: 'ERROR' } },
      });
      expect(edited.status).toBe(200);
      const stale = await invoke('apply-plan', OPERATOR, {
        id: planned.body.output.plan.id,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toContain(
        'deployment infrahub changed (version 1, now 2)',
      );
    });
  });
});
