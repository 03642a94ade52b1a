import { AuditorEvent } from '@backstage/backend-defaults/auditor';
import { stepLines } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { recordingAuditorFactory } from '../__testUtils__/recordingAuditor';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import { loadSecretForms, SecretForm } from '../__testUtils__/secretsCorpus';

jest.setTimeout(600_000);

const FORMS = loadSecretForms(INFRAHUB_CONFIGURATION.parameters.admin_password);

/** Where a text an agent reports lands, each read as its reader gets it. */
const PLACES = [
  'step error',
  'output tail',
  'step lines',
  'state reason',
  'GraphQL answers',
  'database rows',
  'backend logs',
  'audit events',
] as const;
type Place = (typeof PLACES)[number];

/**
 * The secrets corpus (corpus/secrets/forms.yaml) through the backend: each form is what an
 * agent reports of a failed step (its error, output tail and lines) and of the failed run,
 * over the agent protocol; no secret of it may be read in any place. The matrix of forms by
 * places is printed.
 */
describe('the secrets corpus through the backend', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;
    const audit: AuditorEvent[] = [];

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0'],
        features: [recordingAuditorFactory(audit)],
      });
    });

    /** What each place shows of the form, once an agent reported it. */
    async function report(
      cluster: Awaited<ReturnType<AgentProtocolBackend['newCluster']>>,
      form: SecretForm,
      index: number,
    ): Promise<Partial<Record<Place, string>>> {
      const { agent, createInfrahub } = cluster;
      const change = await createInfrahub(`form-${index}`);
      const owner = `agent-${index}`;
      const run = (await agent.claim({ owner }))!;
      expect(run.task.id).toBe(change.task!.id);
      const lease = { runId: run.id, owner, attempt: run.attempt };
      const [step] = run.task.steps;
      await agent.startStep({ ...lease, stepId: step.id, stepAttempt: 1 });
      await agent.endStep({
        ...lease,
        stepId: step.id,
        stepAttempt: 1,
        status: 'FAILED',
        error: form.text,
        outputTail: form.text,
        // As the agent cuts them.
        lines: stepLines(form.text.split('\n')),
      });
      await agent.completeRun({ ...lease, state: 'FAILED', error: form.text });

      const tree = (await backend.readOnly.taskTree(run.task.id))!;
      const failed = tree.steps.find(s => s.id === step.id)!;
      const deployment = (await backend.readOnly.deployment({
        id: change.deployment.id,
      }))!;
      const asAdmin = await backend.styrmin.taskTree(run.task.id);
      return {
        'step error': failed.errors.map(e => e.message).join('\n'),
        'output tail': failed.errors.map(e => e.outputTail ?? '').join('\n'),
        'step lines': failed.lines.join('\n'),
        'state reason': deployment.stateReason ?? '',
        'GraphQL answers': JSON.stringify([tree, deployment, asAdmin]),
      };
    }

    it('lets no secret of any form be read in any place', async () => {
      const cluster = await backend.newCluster();
      const seen: Array<Partial<Record<Place, string>>> = [];
      for (const [index, form] of FORMS.entries()) {
        seen.push(await report(cluster, form, index));
      }
      // The places that gather everything are read once, after every form.
      const rows = await dumpStyrminTables(knex);
      const logs = backend.logged.join('\n');
      const events = JSON.stringify(audit);

      const leaks: string[] = [];
      const matrix = FORMS.map((form, index) => {
        const texts: Record<Place, string> = {
          ...(seen[index] as Record<Place, string>),
          'database rows': rows,
          'backend logs': logs,
          'audit events': events,
        };
        const cells = PLACES.map(place => {
          const leaked = form.secrets.filter(secret =>
            texts[place].includes(secret),
          );
          for (const secret of leaked) {
            leaks.push(`${form.name} in ${place}: ${secret}`);
          }
          return leaked.length ? 'LEAK' : 'ok';
        });
        return `${form.name.padEnd(60)} ${cells.join(' ')}`;
      });
      // The forms did reach each place that shows a run's words (redacted, not dropped).
      expect(seen.every(s => s['step error']!.length > 0)).toBe(true);
      expect(backend.logged.length).toBeGreaterThan(0);
      expect(audit.length).toBeGreaterThan(0);

      // eslint-disable-next-line no-console
      console.log(
        [
          `${FORMS.length} forms x ${PLACES.length} places on ${databaseId}: ${leaks.length} leaks`,
          `places: ${PLACES.join(', ')}`,
          ...matrix,
        ].join('\n'),
      );
      expect(leaks).toEqual([]);
    });

    afterAll(async () => {
      await backend?.stop();
    });
  });
});

/** Every row of every Styrmin table, as one text. */
async function dumpStyrminTables(knex: Knex): Promise<string> {
  const tables: string[] =
    knex.client.config.client === 'pg'
      ? (
          await knex('information_schema.tables')
            .where({ table_schema: 'public' })
            .select('table_name')
        ).map((row: { table_name: string }) => row.table_name)
      : (
          await knex('sqlite_master').where({ type: 'table' }).select('name')
        ).map((row: { name: string }) => row.name);
  const dumps: string[] = [];
  for (const table of tables.filter(name => name.startsWith('styrmin_'))) {
    dumps.push(`${table}: ${JSON.stringify(await knex(table))}`);
  }
  return dumps.join('\n');
}
