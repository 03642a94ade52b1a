import { actionsRegistryServiceFactory } from '@backstage/backend-defaults/alpha';
import { AuditorEvent } from '@backstage/backend-defaults/auditor';
import { mockCredentials } from '@backstage/backend-test-utils';
import {
  AgentProtocolBackend,
  READ_ONLY_USER,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { recordingAuditorFactory } from '../__testUtils__/recordingAuditor';
import { styrminActions } from './styrminActions';

jest.setTimeout(120_000);

const OPERATOR = 'user:default/ada';

/**
 * The actions through the actions registry's HTTP API, as the MCP actions backend calls
 * them: the real registry (backend-defaults' factory) in the plugin's test backend.
 */
describe('Styrmin actions', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let backend: AgentProtocolBackend;
    const audited: AuditorEvent[] = [];

    beforeAll(async () => {
      backend = await startAgentProtocolBackend({
        knex: await databases.init(databaseId),
        load: ['infrahub/1.0.0'],
        features: [
          actionsRegistryServiceFactory,
          recordingAuditorFactory(audited),
        ],
      });
    });

    afterAll(() => backend?.stop());

    const call = async (path: string, user: string, body?: unknown) => {
      const response = await fetch(
        `${backend.serverUrl}/api/styrmin/.backstage/actions/v1/actions${path}`,
        {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            Authorization: `Bearer ${mockCredentials.user.token(user)}`,
            'Content-Type': 'application/json',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
      );
      return { status: response.status, body: await response.json() };
    };
    const invoke = (name: string, user: string, input: unknown) =>
      call(`/styrmin:${name}/invoke`, user, input);

    it('lists every action with its schemas and attributes', async () => {
      const { status, body } = await call('', READ_ONLY_USER);
      expect(status).toBe(200);
      const listed = body.actions.map((a: { id: string }) => a.id);
      expect(listed).toEqual(styrminActions.map(a => `styrmin:${a.name}`));
      const edit = body.actions.find(
        (a: { id: string }) => a.id === 'styrmin:edit-deployment',
      );
      expect(edit.attributes).toEqual({
        readOnly: false,
        idempotent: false,
        destructive: true,
      });
      expect(edit.schema.input.required).toEqual(['id', 'configuration']);
      expect(
        body.actions.find(
          (a: { id: string }) => a.id === 'styrmin:list-deployments',
        ).attributes.readOnly,
      ).toBe(true);
    });

    it('plans and applies an edit as an operator, refuses it to a read-only user, lets both read', async () => {
      const { createInfrahub, environment } = await backend.newCluster();
      const { deployment } = await createInfrahub();
      const edit = {
        id: deployment.id,
        configuration: { parameters: { log_level: 'DEBUG' } },
      };

      const listed = await invoke('list-deployments', READ_ONLY_USER, {
        environment: environment.id,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.output).toMatchObject({
        deployments: [{ id: deployment.id, name: 'infrahub', version: 1 }],
        hasNextPage: false,
      });

      const refusedPlan = await invoke('edit-deployment', READ_ONLY_USER, {
        ...edit,
        dryRun: true,
      });
      expect(refusedPlan.status).toBe(403);
      expect(refusedPlan.body.error).toMatchObject({
        name: 'NotAllowedError',
        message: expect.stringMatching(
          /^FORBIDDEN: .*styrmin\.deployment\.update/,
        ),
      });

      const plan = await invoke('edit-deployment', OPERATOR, {
        ...edit,
        dryRun: true,
      });
      expect(plan.status).toBe(200);
      expect(plan.body.output).toMatchObject({
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
      expect(plan.body.output.plannedSteps.length).toBeGreaterThan(0);
      const unchanged = await invoke('get-deployment', OPERATOR, {
        id: deployment.id,
      });
      expect(unchanged.body.output.deployment.version).toBe(1);

      const applied = await invoke('edit-deployment', OPERATOR, {
        ...edit,
        expectedVersion: 1,
      });
      expect(applied.status).toBe(200);
      expect(applied.body.output).toMatchObject({
        changed: true,
        instanceId: expect.any(String),
        task: { type: 'update_instance', createdBy: OPERATOR },
        deployment: { version: 2 },
      });

      // The action has no HTTP request: its audit event names the caller in meta.
      expect(audited).toContainEqual(
        expect.objectContaining({
          eventId: 'deployment-edit',
          status: 'succeeded',
          meta: expect.objectContaining({
            caller: OPERATOR,
            taskId: applied.body.output.task.id,
          }),
        }),
      );

      const refused = await invoke('edit-deployment', READ_ONLY_USER, {
        ...edit,
        configuration: { parameters: { log_level: 'ERROR' } },
      });
      expect(refused.status).toBe(403);
      const stale = await invoke('edit-deployment', OPERATOR, {
        ...edit,
        expectedVersion: 1,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toMatch(/^CONFLICT: /);

      const read = await invoke('get-deployment', READ_ONLY_USER, {
        id: deployment.id,
      });
      expect(read.body.output.deployment).toMatchObject({
        version: 2,
        configuration: { parameters: { log_level: 'DEBUG' } },
      });
      const tasks = await invoke('list-deployment-tasks', READ_ONLY_USER, {
        deployment: deployment.id,
      });
      expect(tasks.body.output.tasks[0].id).toBe(applied.body.output.task.id);
    });

    it('answers the other reads', async () => {
      const drivers = await invoke('list-drivers', READ_ONLY_USER, {});
      expect(drivers.body.output.drivers).toContainEqual(
        expect.objectContaining({ name: 'infrahub', versions: ['1.0.0'] }),
      );
      const environments = await invoke(
        'list-environments',
        READ_ONLY_USER,
        {},
      );
      expect(environments.status).toBe(200);
      expect(environments.body.output.environments.length).toBeGreaterThan(0);
      const missing = await invoke('get-task', READ_ONLY_USER, {
        id: '00000000-0000-4000-8000-000000000000',
      });
      expect(missing.body.output).toEqual({ task: null });
      const invalid = await invoke('edit-deployment', OPERATOR, { id: 'x' });
      expect(invalid.status).toBe(400);
    });
  });
});
