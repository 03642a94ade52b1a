import { mockServices } from '@backstage/backend-test-utils';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import knexFactory, { Knex } from 'knex';
import {
  createTestDatabases,
  engineOfTestDatabase,
} from '../__testUtils__/databases';
import { ManualClock } from '../__testUtils__/ManualClock';
import { DatabaseFlowRunStore } from './DatabaseFlowRunStore';
import { FlowRunLease } from './FlowRunStore';

jest.setTimeout(60_000);

describe('DatabaseFlowRunStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function createStore() {
      const knex = await databases.init(databaseId);
      const clock = new ManualClock();
      const store = await DatabaseFlowRunStore.create({
        database: mockServices.database({ knex }),
        clock,
      });
      return { knex, clock, store };
    }

    function leaseOf(run: {
      id: string;
      leaseOwner?: string;
      attempts: number;
    }) {
      return {
        flowRunId: run.id,
        owner: run.leaseOwner!,
        attempt: run.attempts,
      };
    }

    it('leaves the schema alone when migrations are skipped', async () => {
      const knex = await databases.init(databaseId);
      await DatabaseFlowRunStore.create({
        database: mockServices.database({ knex, migrations: { skip: true } }),
      });
      await expect(knex.schema.hasTable('styrmin_flow_runs')).resolves.toBe(
        false,
      );
    });

    it('records SCHEDULED runs and reads them back', async () => {
      const { store, clock } = await createStore();

      const run = await store.createFlowRun({
        pool: 'cluster:c1',
        flowName: 'CREATE_INSTANCE',
        parameters: { instanceId: 'i1', nested: { replicas: [1, 2] } },
      });

      expect(run).toEqual({
        id: expect.any(String),
        pool: 'cluster:c1',
        flowName: 'CREATE_INSTANCE',
        parameters: { instanceId: 'i1', nested: { replicas: [1, 2] } },
        state: 'SCHEDULED',
        attempts: 0,
        maxAttempts: 3,
        createdAt: clock.now(),
      });
      await expect(store.getFlowRun({ flowRunId: run.id })).resolves.toEqual(
        run,
      );
      await expect(
        store.getFlowRun({ flowRunId: '00000000-0000-4000-8000-000000000000' }),
      ).resolves.toBeUndefined();
      await expect(
        store.createFlowRun({
          pool: 'server',
          flowName: 'RUN_JOB',
          maxAttempts: 0,
        }),
      ).rejects.toThrow(InputError);
    });

    it('writes in the caller’s transaction', async () => {
      const { knex, store } = await createStore();

      const trx = await knex.transaction();
      const run = await store.createFlowRun({
        tx: trx,
        pool: 'server',
        flowName: 'RUN_JOB',
      });
      await expect(
        store.getFlowRun({ tx: trx, flowRunId: run.id }),
      ).resolves.toEqual(run);
      await trx.rollback();

      await expect(store.getFlowRun({ flowRunId: run.id })).resolves.toBe(
        undefined,
      );
    });

    it('claims the oldest SCHEDULED run of the pool, with a lease', async () => {
      const { store, clock } = await createStore();
      const first = await store.createFlowRun({
        pool: 'server',
        flowName: 'RUN_JOB',
      });
      clock.advance({ seconds: 1 });
      await store.createFlowRun({ pool: 'cluster:c1', flowName: 'RUN_JOB' });
      const second = await store.createFlowRun({
        pool: 'server',
        flowName: 'DELETE',
      });
      clock.advance({ seconds: 1 });

      const claimed = await store.claim({
        pool: 'server',
        owner: 'w1',
        leaseSeconds: 30,
      });

      expect(claimed).toEqual({
        ...first,
        state: 'RUNNING',
        attempts: 1,
        leaseOwner: 'w1',
        leaseExpiresAt: new Date(clock.now().getTime() + 30_000),
        heartbeatAt: clock.now(),
        startedAt: clock.now(),
      });
      await expect(
        store.claim({ pool: 'server', owner: 'w2', leaseSeconds: 30 }),
      ).resolves.toMatchObject({ id: second.id, leaseOwner: 'w2' });
      await expect(
        store.claim({ pool: 'server', owner: 'w3', leaseSeconds: 30 }),
      ).resolves.toBeUndefined();
      await expect(
        store.claim({ pool: 'server', owner: 'w3', leaseSeconds: 0 }),
      ).rejects.toThrow(InputError);
    });

    it('extends the lease for its holder only', async () => {
      const { store, clock } = await createStore();
      await store.createFlowRun({ pool: 'server', flowName: 'RUN_JOB' });
      const run = (await store.claim({
        pool: 'server',
        owner: 'w1',
        leaseSeconds: 30,
      }))!;
      const lease = leaseOf(run);
      clock.advance({ seconds: 20 });

      await expect(
        store.heartbeat({ lease, leaseSeconds: 30 }),
      ).resolves.toEqual({
        leaseExpiresAt: new Date(clock.now().getTime() + 30_000),
      });
      await expect(
        store.getFlowRun({ flowRunId: run.id }),
      ).resolves.toMatchObject({
        heartbeatAt: clock.now(),
        leaseExpiresAt: new Date(clock.now().getTime() + 30_000),
      });

      const refused: FlowRunLease[] = [
        { ...lease, owner: 'w2' },
        { ...lease, attempt: 2 },
      ];
      for (const other of refused) {
        await expect(
          store.heartbeat({ lease: other, leaseSeconds: 30 }),
        ).rejects.toThrow(ConflictError);
      }
      await expect(
        store.heartbeat({
          lease: {
            ...lease,
            flowRunId: '00000000-0000-4000-8000-000000000000',
          },
          leaseSeconds: 30,
        }),
      ).rejects.toThrow(NotFoundError);
      await expect(
        store.getFlowRun({ flowRunId: run.id }),
      ).resolves.toMatchObject({
        leaseOwner: 'w1',
        heartbeatAt: clock.now(),
      });
    });

    it('ends a run for its lease holder only', async () => {
      const { store, clock } = await createStore();
      await store.createFlowRun({ pool: 'server', flowName: 'RUN_JOB' });
      await store.createFlowRun({ pool: 'server', flowName: 'RUN_JOB' });
      const succeeding = (await store.claim({
        pool: 'server',
        owner: 'w1',
        leaseSeconds: 30,
      }))!;
      const failing = (await store.claim({
        pool: 'server',
        owner: 'w1',
        leaseSeconds: 30,
      }))!;
      clock.advance({ seconds: 5 });

      await expect(
        store.complete({
          lease: { ...leaseOf(succeeding), owner: 'w2' },
          state: 'SUCCEEDED',
        }),
      ).rejects.toThrow(
        `w2 cannot end it SUCCEEDED: flow run ${succeeding.id} is RUNNING and leased to w1 for attempt 1, not leased to w2 for attempt 1`,
      );
      await store.complete({ lease: leaseOf(succeeding), state: 'SUCCEEDED' });
      await store.complete({
        lease: leaseOf(failing),
        state: 'FAILED',
        reason: 'Step "Apply" failed: boom',
      });

      await expect(
        store.getFlowRun({ flowRunId: succeeding.id }),
      ).resolves.toEqual({
        ...succeeding,
        state: 'SUCCEEDED',
        leaseOwner: undefined,
        leaseExpiresAt: undefined,
        endedAt: clock.now(),
      });
      await expect(
        store.getFlowRun({ flowRunId: failing.id }),
      ).resolves.toMatchObject({
        state: 'FAILED',
        reason: 'Step "Apply" failed: boom',
      });
      // Ended: the former holder can neither end it again nor keep it.
      await expect(
        store.complete({ lease: leaseOf(succeeding), state: 'FAILED' }),
      ).rejects.toThrow(ConflictError);
      await expect(
        store.heartbeat({ lease: leaseOf(succeeding), leaseSeconds: 30 }),
      ).rejects.toThrow(ConflictError);
    });

    it('schedules an expired run again, counting the attempt, and crashes it after the last', async () => {
      const { store, clock } = await createStore();
      const run = await store.createFlowRun({
        pool: 'cluster:c1',
        flowName: 'UPGRADE_INSTANCE',
        maxAttempts: 2,
      });
      const first = (await store.claim({
        pool: 'cluster:c1',
        owner: 'agent-a',
        leaseSeconds: 30,
      }))!;
      const firstStart = clock.now();

      clock.advance({ seconds: 29 });
      await expect(store.expireLeases()).resolves.toEqual([]);
      clock.advance({ seconds: 1 });
      await expect(store.expireLeases()).resolves.toEqual([
        {
          flowRunId: run.id,
          pool: 'cluster:c1',
          lease: leaseOf(first),
          leaseExpiredAt: clock.now(),
          state: 'SCHEDULED',
          reason:
            'Attempt 1 of 2 stopped reporting: its lease, held by agent-a, expired at ' +
            `${clock.now().toISOString()}; the run is scheduled again`,
        },
      ]);
      await expect(
        store.getFlowRun({ flowRunId: run.id }),
      ).resolves.toMatchObject({
        state: 'SCHEDULED',
        attempts: 1,
        leaseOwner: undefined,
      });
      // The former holder lost it.
      await expect(
        store.heartbeat({ lease: leaseOf(first), leaseSeconds: 30 }),
      ).rejects.toThrow(ConflictError);

      const second = (await store.claim({
        pool: 'cluster:c1',
        owner: 'agent-a',
        leaseSeconds: 30,
      }))!;
      expect(second).toMatchObject({
        attempts: 2,
        leaseOwner: 'agent-a',
        startedAt: firstStart,
      });
      // The same owner's earlier attempt is not the current lease.
      await expect(
        store.complete({ lease: leaseOf(first), state: 'SUCCEEDED' }),
      ).rejects.toThrow(ConflictError);

      clock.advance({ seconds: 31 });
      const [crashed] = await store.expireLeases();
      expect(crashed).toMatchObject({
        state: 'CRASHED',
        lease: leaseOf(second),
      });
      expect(crashed.reason).toMatch(
        /^Attempt 2 of 2 stopped reporting: its lease, held by agent-a, expired at .*; no attempt is left$/,
      );
      await expect(
        store.getFlowRun({ flowRunId: run.id }),
      ).resolves.toMatchObject({
        state: 'CRASHED',
        attempts: 2,
        reason: crashed.reason,
        endedAt: clock.now(),
      });
      await expect(
        store.claim({ pool: 'cluster:c1', owner: 'agent-b', leaseSeconds: 30 }),
      ).resolves.toBeUndefined();
      await expect(store.expireLeases()).resolves.toEqual([]);
    });

    it('lets a heartbeat that came first keep the lease', async () => {
      const { store, clock } = await createStore();
      await store.createFlowRun({ pool: 'server', flowName: 'RUN_JOB' });
      const run = (await store.claim({
        pool: 'server',
        owner: 'w1',
        leaseSeconds: 30,
      }))!;
      clock.advance({ seconds: 29 });
      await store.heartbeat({ lease: leaseOf(run), leaseSeconds: 30 });
      clock.advance({ seconds: 2 });

      await expect(store.expireLeases()).resolves.toEqual([]);
      await expect(
        store.getFlowRun({ flowRunId: run.id }),
      ).resolves.toMatchObject({
        state: 'RUNNING',
        leaseOwner: 'w1',
      });
    });

    it.each([
      ['with row locks where the engine has them', true],
      ['with the compare-and-set alone', false],
    ])('never lets two replicas claim one run, %s', async (_case, lockRows) => {
      const knex = await databases.init(databaseId);
      const isPostgres = engineOfTestDatabase(databaseId) === 'POSTGRESQL';
      // On PostgreSQL the second replica has its own connection pool, as another backend
      // process would; SQLite in memory is one database per connection, so both share it.
      const replicaKnex = isPostgres
        ? knexFactory(knex.client.config as Knex.Config)
        : knex;
      const createReplica = (db: Knex) =>
        DatabaseFlowRunStore.forTest({
          database: mockServices.database({ knex: db }),
          lockRows: lockRows && isPostgres,
        });
      const store = await createReplica(knex);
      const replica = await createReplica(replicaKnex);
      const runs = 120;
      for (let i = 0; i < runs; i++) {
        await store.createFlowRun({ pool: 'server', flowName: 'RUN_JOB' });
      }

      const claims = new Map<string, string[]>();
      const claimants = [store, replica].flatMap((replicaStore, r) =>
        Array.from({ length: 4 }, async (_, c) => {
          const owner = `replica-${r}/claimant-${c}`;
          for (;;) {
            const run = await replicaStore.claim({
              pool: 'server',
              owner,
              leaseSeconds: 30,
            });
            if (!run) {
              return;
            }
            claims.set(run.id, [...(claims.get(run.id) ?? []), owner]);
          }
        }),
      );
      try {
        await Promise.all(claimants);
      } finally {
        if (replicaKnex !== knex) {
          await replicaKnex.destroy();
        }
      }

      expect(claims.size).toBe(runs);
      expect(
        [...claims.values()].filter(owners => owners.length !== 1),
      ).toEqual([]);
      const replicas = new Set(
        [...claims.values()].map(([owner]) => owner.split('/')[0]),
      );
      expect(replicas).toEqual(new Set(['replica-0', 'replica-1']));
      const rows = await knex('styrmin_flow_runs').select(
        'id',
        'state',
        'lease_owner',
        'attempts',
      );
      for (const row of rows) {
        expect(row).toEqual({
          id: row.id,
          state: 'RUNNING',
          lease_owner: claims.get(row.id)![0],
          attempts: 1,
        });
      }
    });
  });
});
