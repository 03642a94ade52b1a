import { StyrminApiError, StyrminClient } from '@styrmin/sdk';
import { Knex } from 'knex';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { runScripted } from '../__testUtils__/scriptedAgent';

jest.setTimeout(120_000);

/** How a call ended: ANSWERED, or its code and HTTP status. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => 'ANSWERED',
    (error: unknown) =>
      error instanceof StyrminApiError ? error.code : String(error),
  );

describe('action API tokens', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0'],
      });
    });

    /** A claimed create run of `own` with its first step RUNNING, a sibling `other`. */
    async function runningRun() {
      const { agent, createInfrahub } = await backend.newCluster();
      const own = await createInfrahub('own');
      const other = await createInfrahub('other');
      const owner = 'agent-token';
      const run = (await agent.claim({ owner }))!;
      expect(run.task.id).toBe(own.task!.id);
      const lease = { runId: run.id, owner, attempt: run.attempt };
      const [step] = run.task.steps;
      await agent.startStep({ ...lease, stepId: step.id, stepAttempt: 1 });
      return { agent, run, lease, step, own, other, owner };
    }

    /** A GraphQL request as it is sent, with the token. */
    const graphql = async (token: string, query: string) =>
      (await (
        await fetch(`${backend.serverUrl}/api/styrmin/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
          },
          body: JSON.stringify({ query }),
        })
      ).json()) as { data?: unknown; errors?: unknown[] };

    const apiAs = (token: string) =>
      StyrminClient.create({
        baseUrl: `${backend.serverUrl}/api/styrmin`,
        token,
      });

    it("acts on its run's deployment only, as an operator, until the run ends", async () => {
      const { agent, run, lease, step, own, other, owner } = await runningRun();
      const { token, expiresAt } = await agent.issueActionToken({
        ...lease,
        stepId: step.id,
        stepAttempt: 1,
      });
      expect(token).toMatch(/^styrmin-action\./);
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
      const stored = await knex('styrmin_action_tokens');
      expect(JSON.stringify(stored)).not.toContain(token);

      const api = apiAs(token);
      const ownId = own.deployment.id;
      const otherId = other.deployment.id;
      await expect(api.deployment({ id: ownId })).resolves.toMatchObject({
        id: ownId,
        name: 'own',
      });
      await expect(api.task(run.task.id)).resolves.toMatchObject({
        id: run.task.id,
      });
      expect(
        await Promise.all([
          outcome(api.deployment({ id: otherId })),
          outcome(api.task(other.task!.id)),
          outcome(api.deployments()),
          outcome(api.clusters()),
          outcome(
            api.editDeployment({
              id: otherId,
              configuration: { parameters: { log_level: 'DEBUG' } },
            }),
          ),
        ]),
      ).toEqual([
        'FORBIDDEN',
        'FORBIDDEN',
        'FORBIDDEN',
        'FORBIDDEN',
        'FORBIDDEN',
      ]);
      // Its deployment's environment lists the sibling: reached that way, refused too.
      const nested = await graphql(
        token,
        `query { deployment(id: "${ownId}") { name environment { name deployments { id } } } }`,
      );
      expect(nested.errors).toEqual([
        expect.objectContaining({
          path: ['deployment', 'environment', 'deployments'],
          extensions: { code: 'FORBIDDEN' },
        }),
      ]);
      // An operator changes its deployment: a task of its own, by the action's run.
      const { task } = await api.editDeployment({
        id: ownId,
        configuration: { parameters: { log_level: 'DEBUG' } },
      });
      expect(task).toMatchObject({
        type: 'update_instance',
        createdBy: `styrmin-action:${run.id}`,
      });

      // The step's start again is answered as it is; the run then ends.
      await expect(runScripted(agent, run, owner)).resolves.toBe('SUCCEEDED');
      expect(await outcome(api.deployment({ id: ownId }))).toBe(
        'UNAUTHENTICATED',
      );
    });

    it('is refused for a step that does not run, a lost lease, and a malformed or unknown token', async () => {
      const { agent, lease, step, run } = await runningRun();
      const refused = (call: Promise<unknown>) => outcome(call);
      expect(
        await Promise.all([
          refused(
            agent.issueActionToken({
              ...lease,
              stepId: step.id,
              stepAttempt: 2,
            }),
          ),
          refused(
            agent.issueActionToken({
              ...lease,
              stepId: run.task.steps[1].id,
              stepAttempt: 1,
            }),
          ),
          refused(
            agent.issueActionToken({
              ...lease,
              owner: 'someone-else',
              stepId: step.id,
              stepAttempt: 1,
            }),
          ),
        ]),
      ).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT']);
      const forged = `styrmin-action.${run.id}.${'A'.repeat(43)}`;
      expect(
        await Promise.all([
          outcome(apiAs(forged).serverInfo()),
          outcome(apiAs('styrmin-action.nonsense').serverInfo()),
        ]),
      ).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
    });
  });
});
