import {
  createMockDirectory,
  mockServices,
} from '@backstage/backend-test-utils';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  DriverBundle,
  readDriverDirectory,
} from '@styrmin/plugin-styrmin-node';
import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  copyExampleDriver,
  readExampleDriver,
} from '../__testUtils__/exampleDrivers';
import { ManualClock } from '../__testUtils__/ManualClock';
import { DatabaseDriverStore } from './DatabaseDriverStore';
import { DriverSource } from './DriverStore';

jest.setTimeout(60_000);

const DIRECTORY: DriverSource = {
  type: 'DIRECTORY',
  path: '/srv/drivers/infrahub/1.0.0',
};

describe('DatabaseDriverStore', () => {
  const databases = createTestDatabases();
  const mockDir = createMockDirectory();
  let infrahub100: DriverBundle;
  let infrahub110: DriverBundle;
  let semaphore100: DriverBundle;
  /** infrahub 1.0.0 with another description: the same version, other content. */
  let changedInfrahub100: DriverBundle;

  beforeAll(async () => {
    [infrahub100, infrahub110, semaphore100] = await Promise.all(
      ['infrahub/1.0.0', 'infrahub/1.1.0', 'semaphore/1.0.0'].map(
        readExampleDriver,
      ),
    );
    const changed = await readDriverDirectory(
      await copyExampleDriver('infrahub/1.0.0', mockDir.resolve('changed'), {
        'driver.styrmin.yml': text =>
          text.replace('Infrahub is a graph-based', 'Infrahub is a versioned'),
      }),
    );
    if (!changed.success) {
      throw new Error(JSON.stringify(changed.problems));
    }
    changedInfrahub100 = changed.bundle;
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function createStore() {
      const knex = await databases.init(databaseId);
      const clock = new ManualClock();
      const store = await DatabaseDriverStore.create({
        database: mockServices.database({ knex }),
        clock,
      });
      return { knex, clock, store };
    }

    /** The rows of every driver table, to prove that something wrote nothing. */
    async function counts(knex: Knex) {
      const count = async (table: string) =>
        Number((await knex(table).count({ n: '*' }))[0].n);
      return {
        drivers: await count('styrmin_drivers'),
        bundles: await count('styrmin_driver_bundles'),
        versions: await count('styrmin_driver_versions'),
      };
    }

    it('leaves the schema alone when migrations are skipped', async () => {
      const knex = await databases.init(databaseId);
      await DatabaseDriverStore.create({
        database: mockServices.database({ knex, migrations: { skip: true } }),
      });
      await expect(knex.schema.hasTable('styrmin_drivers')).resolves.toBe(
        false,
      );
    });

    it('stores a driver version with its bundle and reads it back', async () => {
      const { store, clock } = await createStore();

      const loaded = await store.loadDriverVersion({
        bundle: infrahub100,
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
      });

      const expected = {
        id: expect.any(String),
        name: 'infrahub',
        version: '1.0.0',
        spec: infrahub100.spec,
        digest: infrahub100.digest,
        // What its values template and actions read, found on loading.
        uses: expect.arrayContaining([
          ['cluster', 'storage_class'],
          ['cluster', 'storage_classes', 'database'],
          ['parameters', 'admin_password'],
        ]),
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
        loadedAt: clock.now(),
      };
      expect(loaded).toEqual({ driverVersion: expected, created: true });
      expect(
        loaded.driverVersion.uses!.filter(([root]) => root === 'cluster'),
      ).toEqual([
        // Its http service is exposed: its Ingress is made from the ingress settings.
        ['cluster', 'base_domain'],
        ['cluster', 'ingress_class'],
        ['cluster', 'ingress_cluster_issuer'],
        ['cluster', 'ingress_tls_secret'],
        ['cluster', 'storage_class'],
        ['cluster', 'storage_classes', 'database'],
      ]);
      await expect(
        store.getDriverVersion({ name: 'infrahub', version: '1.0.0' }),
      ).resolves.toEqual(expected);
      await expect(
        store.getDriverVersion({ name: 'infrahub', version: '9.9.9' }),
      ).resolves.toBeUndefined();
      await expect(
        store.getBundle({ digest: infrahub100.digest }),
      ).resolves.toEqual(infrahub100.files);
      await expect(
        store.getBundle({ digest: `sha256:${'0'.repeat(64)}` }),
      ).resolves.toBeUndefined();
    });

    it('lists drivers by name, each with its versions newest first', async () => {
      const { store, clock } = await createStore();
      for (const bundle of [infrahub110, semaphore100, infrahub100]) {
        await store.loadDriverVersion({
          bundle,
          source: { type: 'UPLOAD' },
          loadedBy: 'user:default/ada',
        });
        clock.advance({ seconds: 60 });
      }

      const drivers = await store.listDrivers();

      expect(
        drivers.map(driver => [
          driver.name,
          driver.versions.map(version => version.version),
        ]),
      ).toEqual([
        ['infrahub', ['1.1.0', '1.0.0']],
        ['semaphore', ['1.0.0']],
      ]);
      // Created with the first version loaded, 1.1.0.
      expect(drivers[0].createdAt).toEqual(drivers[0].versions[0].loadedAt);
      await expect(store.getDriver({ name: 'infrahub' })).resolves.toEqual(
        drivers[0],
      );
      await expect(store.getDriver({ name: 'gitlab' })).resolves.toBe(
        undefined,
      );
    });

    it.each<[string, DriverSource]>([
      ['a directory', DIRECTORY],
      [
        'git at a ref',
        {
          type: 'GIT',
          url: 'https://github.com/opsmill/drivers.git',
          ref: 'v1.0.0',
          commit: 'a'.repeat(40),
          path: 'infrahub/1.0.0',
        },
      ],
      [
        'git at the default branch',
        {
          type: 'GIT',
          url: 'git@github.com:opsmill/drivers.git',
          commit: 'b'.repeat(40),
          path: '.',
        },
      ],
      ['an upload', { type: 'UPLOAD', path: '/home/ada/infrahub' }],
      ['an upload without a path', { type: 'UPLOAD' }],
    ])('records where a version came from: %s', async (_case, source) => {
      const { store } = await createStore();
      await store.loadDriverVersion({
        bundle: infrahub100,
        source,
        loadedBy: 'user:default/ada',
      });
      const stored = await store.getDriverVersion({
        name: 'infrahub',
        version: '1.0.0',
      });
      expect(stored?.source).toEqual(source);
    });

    it('changes nothing when the same version is loaded again with the same content', async () => {
      const { knex, store, clock } = await createStore();
      const first = await store.loadDriverVersion({
        bundle: infrahub100,
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
      });
      const before = await counts(knex);
      clock.advance({ seconds: 60 });

      const again = await store.loadDriverVersion({
        bundle: infrahub100,
        source: { type: 'UPLOAD' },
        loadedBy: 'user:default/grace',
      });

      expect(again).toEqual({
        driverVersion: first.driverVersion,
        created: false,
      });
      await expect(counts(knex)).resolves.toEqual(before);
    });

    it('finds what a version loaded before the uses were stored uses when it is loaded again', async () => {
      const { knex, store } = await createStore();
      const first = await store.loadDriverVersion({
        bundle: infrahub100,
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
      });
      await knex('styrmin_driver_versions').update({ uses: null });
      const unknown = await store.getDriverVersion({
        name: 'infrahub',
        version: '1.0.0',
      });
      expect(unknown).not.toHaveProperty('uses');

      const again = await store.loadDriverVersion({
        bundle: infrahub100,
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
      });

      expect(again).toEqual({
        driverVersion: first.driverVersion,
        created: false,
      });
      await expect(
        store.getDriverVersion({ name: 'infrahub', version: '1.0.0' }),
      ).resolves.toEqual(first.driverVersion);
    });

    it('refuses the same version with other content with CONFLICT, and writes nothing', async () => {
      const { knex, store } = await createStore();
      await store.loadDriverVersion({
        bundle: infrahub100,
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
      });
      const before = await counts(knex);

      const error = await store
        .loadDriverVersion({
          bundle: changedInfrahub100,
          source: DIRECTORY,
          loadedBy: 'user:default/grace',
        })
        .catch(e => e);

      expect(error).toBeInstanceOf(StyrminError);
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toContain(
        `Driver version infrahub 1.0.0 is loaded already, with other content (${infrahub100.digest}`,
      );
      await expect(counts(knex)).resolves.toEqual(before);
      await expect(
        store.getBundle({ digest: changedInfrahub100.digest }),
      ).resolves.toBeUndefined();
    });

    it('stores a version once when replicas load it at the same time', async () => {
      const { knex, store } = await createStore();
      const replica = await DatabaseDriverStore.create({
        database: mockServices.database({ knex }),
      });

      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? replica : store).loadDriverVersion({
            bundle: i < 4 ? infrahub100 : changedInfrahub100,
            source: DIRECTORY,
            loadedBy: `user:default/user-${i}`,
          }),
        ),
      );

      const loaded = results.flatMap(r =>
        r.status === 'fulfilled' ? [r.value] : [],
      );
      const refused = results.flatMap(r =>
        r.status === 'rejected' ? [r.reason] : [],
      );
      expect(loaded.filter(r => r.created)).toHaveLength(1);
      const [winner] = loaded.filter(r => r.created);
      // Every load of the winner's content returns the winner; every other one is refused.
      for (const result of loaded) {
        expect(result.driverVersion).toEqual(winner.driverVersion);
      }
      expect(loaded).toHaveLength(4);
      expect(refused.map(e => (e as StyrminError).code)).toEqual(
        Array(4).fill('CONFLICT'),
      );
      await expect(counts(knex)).resolves.toEqual({
        drivers: 1,
        bundles: 1,
        versions: 1,
      });
    });

    it("writes in the caller's transaction, and nothing when it rolls back", async () => {
      const { knex, store } = await createStore();

      let seenInTransaction;
      await knex
        .transaction(async tx => {
          await store.loadDriverVersion({
            bundle: infrahub100,
            source: DIRECTORY,
            loadedBy: 'user:default/ada',
            tx,
          });
          seenInTransaction = await store.getDriverVersion({
            name: 'infrahub',
            version: '1.0.0',
            tx,
          });
          throw new Error('The caller changed its mind');
        })
        .catch(() => undefined);

      expect(seenInTransaction).toMatchObject({ digest: infrahub100.digest });

      await expect(counts(knex)).resolves.toEqual({
        drivers: 0,
        bundles: 0,
        versions: 0,
      });
    });

    it('leaves nothing behind when storing the version fails', async () => {
      const { knex, store } = await createStore();

      await expect(
        store.loadDriverVersion({
          bundle: infrahub100,
          // A git source without its commit breaks a check of the table.
          source: { type: 'GIT', url: 'https://x', path: '.' } as DriverSource,
          loadedBy: 'user:default/ada',
        }),
      ).rejects.toThrow();

      await expect(counts(knex)).resolves.toEqual({
        drivers: 0,
        bundles: 0,
        versions: 0,
      });
    });

    it('refuses to hand out a bundle whose files do not match its digest', async () => {
      const { knex, store } = await createStore();
      await store.loadDriverVersion({
        bundle: infrahub100,
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
      });
      const [other] = await knex('styrmin_driver_bundles').select('archive');
      await store.loadDriverVersion({
        bundle: semaphore100,
        source: DIRECTORY,
        loadedBy: 'user:default/ada',
      });
      await knex('styrmin_driver_bundles')
        .where({ digest: semaphore100.digest })
        .update({ archive: other.archive });

      await expect(
        store.getBundle({ digest: semaphore100.digest }),
      ).rejects.toThrow(
        `The stored bundle ${semaphore100.digest} is damaged: its files hash to ${infrahub100.digest}`,
      );
    });
  });
});
