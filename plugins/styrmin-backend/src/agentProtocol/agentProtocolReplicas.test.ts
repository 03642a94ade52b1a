import { StyrminApiError, StyrminClient } from '@styrmin/sdk';
import knexFactory, { Knex } from 'knex';
import { AdvancingClock } from '../__testUtils__/AdvancingClock';
import { startAgentProtocolBackend } from '../__testUtils__/agentProtocolBackend';
import {
  createTestDatabases,
  engineOfTestDatabase,
} from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import { runScripted } from '../__testUtils__/scriptedAgent';

jest.setTimeout(300_000);

/** A small seeded random generator (mulberry32), so that a failing run can be replayed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'CRASHED']);

describe('the agent protocol on two backend replicas', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const extraConnections: Knex[] = [];

    afterAll(async () => {
      await Promise.all(extraConnections.map(k => k.destroy()));
    });

    it('with agents that crash at random points: no run held by two claimants, every run ends, no SUCCEEDED step runs twice', async () => {
      const seed = Number(process.env.STYRMIN_TEST_SEED ?? Date.now() % 100000);
      const random = seededRandom(seed);
      const knex = await databases.init(databaseId);
      // PostgreSQL: each replica with its own connection pool. SQLite in memory has one
      // database per connection, so there the replicas share it.
      let second = knex;
      if (engineOfTestDatabase(databaseId) === 'POSTGRESQL') {
        second = knexFactory(knex.client.config);
        extraConnections.push(second);
      }
      // Replicas keep their clocks together (NTP); here they share one.
      const clock = new AdvancingClock();
      const replicas = [
        await startAgentProtocolBackend({
          knex,
          clock,
          load: ['infrahub/1.0.0'],
        }),
        await startAgentProtocolBackend({ knex: second, clock }),
      ];
      const pick = <T>(items: T[]) =>
        items[Math.floor(random() * items.length)];

      const styrmin: StyrminClient = replicas[0].styrmin;
      const { cluster, agentToken } = await styrmin.registerCluster({
        name: 'replicated',
        settings: { storage_class: 'standard' },
      });
      // Two environments of three deployments, created through either replica: six runs
      // (Infrahub connects to no other deployment, so a creation redeploys none).
      for (const environmentName of ['one', 'two']) {
        const environment = await styrmin.createEnvironment({
          name: environmentName,
          cluster: cluster.id,
        });
        for (const name of ['a', 'b', 'c']) {
          await pick(replicas).styrmin.createDeployment({
            environment: environment.id,
            name,
            driver: 'infrahub',
            driverVersion: '1.0.0',
            configuration: INFRAHUB_CONFIGURATION,
          });
        }
      }
      const deploymentIds = (
        await knex('styrmin_deployments').select('id')
      ).map(row => row.id as string);
      const poolRuns = async () =>
        (
          await knex('styrmin_flow_runs').where({
            pool: `cluster:${cluster.id}`,
          })
        ).map(row => row.id as string);
      expect(await poolRuns()).toHaveLength(6);

      const claims: Array<{ runId: string; attempt: number; owner: string }> =
        [];
      const succeeded = new Set<string>();
      const violations: string[] = [];
      const outcomes: Record<string, number> = {};
      const progress = { at: Date.now() };
      let done = false;
      let editing = true;

      const allEnded = async () =>
        !editing &&
        (await knex('styrmin_flow_runs').whereIn('id', await poolRuns())).every(
          row => TERMINAL.has(row.state),
        );

      // Users edit deployments meanwhile, through either replica: more runs, and tasks
      // that take over from older ones.
      const editor = async () => {
        for (let edit = 1; edit <= 4; edit++) {
          await new Promise(resolve => setTimeout(resolve, 150));
          try {
            await pick(replicas).styrmin.editDeployment({
              id: pick(deploymentIds),
              configuration: { parameters: { task_worker_replicas: edit + 1 } },
            });
          } catch (error) {
            violations.push(
              `edit failed: ${error} ${replicas
                .flatMap(r => r.loggedErrors)
                .join('\n')}`,
            );
          }
        }
        editing = false;
      };

      const agents = Array.from({ length: 4 }, (_, index) => async () => {
        for (let life = 0; !done; life++) {
          const replica = pick(replicas);
          const client = replica.agentClient(agentToken);
          const owner = `agent-${index}-${life}`;
          let run;
          try {
            run = await client.claim({ owner, waitSeconds: 0.2 });
          } catch (error) {
            if (error instanceof StyrminApiError) {
              violations.push(
                `claim failed: ${error.code} ${error.message} ${replicas
                  .flatMap(r => r.loggedErrors)
                  .join('\n')}`,
              );
              continue;
            }
            throw error;
          }
          if (!run) {
            continue;
          }
          progress.at = Date.now();
          claims.push({ runId: run.id, attempt: run.attempt, owner });
          const crash = () => (random() < 0.1 ? 'crash' : undefined);
          let outcome: string;
          try {
            outcome = await runScripted(
              pick(replicas).agentClient(agentToken),
              run,
              owner,
              {
                beforeStep: crash,
                afterStep: step => {
                  succeeded.add(step.id);
                  progress.at = Date.now();
                  return crash();
                },
                onRun: step => {
                  if (succeeded.has(step.id)) {
                    violations.push(
                      `step ${step.id} ("${step.name}") ran after it SUCCEEDED`,
                    );
                  }
                },
                beforeComplete: crash,
              },
            );
          } catch (error) {
            // Anything but a refusal of a lost lease is a fault of the server: stop there.
            violations.push(
              `${error} ${replicas.flatMap(r => r.loggedErrors).join('\n')}`,
            );
            done = true;
            return;
          }
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }
      });

      // The sweeper: when nothing moved for a while, time passes (leases of agents that
      // crashed run out) and one replica or the other sweeps.
      const sweeper = async () => {
        while (!done) {
          await new Promise(resolve => setTimeout(resolve, 50));
          if (await allEnded()) {
            done = true;
            return;
          }
          if (Date.now() - progress.at > 300) {
            clock.advance({ seconds: 31 });
            await pick(replicas).sweepLeases();
            progress.at = Date.now();
          }
        }
      };

      await Promise.all([editor(), sweeper(), ...agents.map(agent => agent())]);
      const runIds = await poolRuns();

      const context = `seed ${seed}; outcomes ${JSON.stringify(outcomes)}`;
      expect({ context, violations }).toEqual({ context, violations: [] });
      // No run was held by two claimants: each claim of a run is another attempt.
      const byAttempt = new Map<string, string[]>();
      for (const { runId, attempt, owner } of claims) {
        const key = `${runId}#${attempt}`;
        byAttempt.set(key, [...(byAttempt.get(key) ?? []), owner]);
      }
      const shared = [...byAttempt].filter(([, owners]) => owners.length > 1);
      expect({ context, shared }).toEqual({ context, shared: [] });
      // Every run ended, and one that did not succeed says why.
      const runs = await knex('styrmin_flow_runs').whereIn('id', runIds);
      expect({
        context,
        unended: runs.filter(run => !TERMINAL.has(run.state)),
        withoutReason: runs.filter(
          run => run.state !== 'SUCCEEDED' && !run.reason,
        ),
      }).toEqual({ context, unended: [], withoutReason: [] });
      // A run that SUCCEEDED left no step undone.
      const steps = await knex('styrmin_steps')
        .join('styrmin_tasks', 'styrmin_tasks.id', 'styrmin_steps.task_id')
        .join(
          'styrmin_flow_runs',
          'styrmin_flow_runs.id',
          'styrmin_tasks.flow_run_id',
        )
        .whereIn('styrmin_flow_runs.id', runIds)
        .where('styrmin_flow_runs.state', 'SUCCEEDED')
        .whereNotIn('styrmin_steps.status', ['SUCCEEDED', 'SUPERSEDED'])
        .select('styrmin_steps.id', 'styrmin_steps.status');
      expect({ context, steps }).toEqual({ context, steps: [] });
      expect(outcomes.SUCCEEDED ?? 0).toBeGreaterThan(0);
    });
  });
});
