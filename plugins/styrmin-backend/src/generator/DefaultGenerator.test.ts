import { NotFoundError } from '@backstage/errors';
import { TEST_USER } from '../__testUtils__/coreStores';
import { countQueries } from '../__testUtils__/countQueries';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  INFRAHUB_100,
  INFRAHUB_CONFIGURATION,
  rowCounts,
  SEMAPHORE_100,
  SEMAPHORE_CONFIGURATION,
  setupReconciliation,
} from '../__testUtils__/reconciliation';

jest.setTimeout(60_000);

/** What `fn` threw, or undefined. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('DefaultGenerator', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setup = () => setupReconciliation({ databases, databaseId });

    it('generates an environment from the same few queries, however many deployments it has, and writes nothing', async () => {
      const { generator, createInfrahub, dev, knex, read } = await setup();
      const queriesToGenerate = async () => {
        const before = await rowCounts(knex);
        const { queries, result: generation } = await countQueries(
          knex,
          async () => generator.generate({ records: await read(dev.id) }),
        );
        await expect(rowCounts(knex)).resolves.toEqual(before);
        expect(generation.instances.every(i => !i.changed)).toBe(true);
        return queries;
      };

      await createInfrahub(dev.id, 'a');
      const one = await queriesToGenerate();
      for (const name of ['b', 'c', 'd', 'e']) {
        await createInfrahub(dev.id, name);
      }
      const five = await queriesToGenerate();

      expect(five).toBe(one);
    });

    it('generates as a change would leave the environment, before it is stored', async () => {
      const { generator, createInfrahub, deploymentChanges, dev, read } =
        await setup();
      const a = (await createInfrahub(dev.id, 'a')).deployment;
      const b = (await createInfrahub(dev.id, 'b')).deployment;
      // Semaphore connects to the Infrahub deployments; they connect to nothing.
      await deploymentChanges.createDeployment({
        environmentId: dev.id,
        name: 's',
        driver: SEMAPHORE_100,
        configuration: SEMAPHORE_CONFIGURATION,
        createdBy: TEST_USER,
      });
      const records = await read(dev.id);

      const edited = generator.generate({
        records,
        change: {
          deployment: {
            ...a,
            configuration: {
              ...a.configuration,
              parameters: { ...a.configuration.parameters, log_level: 'DEBUG' },
            },
          },
          clusterSettings: { storage_class: 'premium' },
        },
      });
      expect(
        edited.instances.map(i => [
          i.deploymentName,
          i.diff.map(change => change.path),
        ]),
      ).toEqual([
        ['a', ['cluster.storage_class', 'parameters.log_level']],
        ['b', ['cluster.storage_class']],
        ['s', ['cluster.storage_class']],
      ]);

      const deleted = generator.generate({
        records,
        change: { deletedDeploymentId: b.id },
      });
      expect(deleted.instances.map(i => [i.deploymentName, i.changed])).toEqual(
        [
          ['a', false],
          ['s', true],
        ],
      );
      expect(
        deleted.instances[1].diff.map(c => [c.path, c.kind]),
      ).toContainEqual(['environment.deployments.b.id', 'removed']);
      expect(() =>
        generator.generate({
          records: { ...records, driverVersions: [] },
        }),
      ).toThrow(NotFoundError);
      await expect(read('nope')).rejects.toThrow(NotFoundError);
    });

    it('validates a change against the driver versions it moves between', async () => {
      const { generator, drivers } = await setup();
      const driverVersions = await drivers.getDriverVersions({
        versions: [INFRAHUB_100],
      });

      expect(() =>
        generator.validate({
          driverVersions,
          driver: { name: 'infrahub', version: '0.0.1' },
          configuration: INFRAHUB_CONFIGURATION,
        }),
      ).toThrow(NotFoundError);
      expect(
        thrown(() =>
          generator.validate({
            driverVersions,
            driver: INFRAHUB_100,
            configuration: { app_version: '1.5.2' },
          }),
        ),
      ).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'parameters.admin_password',
      });
      expect(
        generator.validate({
          driverVersions,
          driver: INFRAHUB_100,
          configuration: INFRAHUB_CONFIGURATION,
        }),
      ).toMatchObject({
        configuration: { ...INFRAHUB_CONFIGURATION, components: {} },
        droppedParameters: [],
      });
    });

    it('refuses a change that would give an exposed service a host no DNS name can be', async () => {
      const { generator, createInfrahub, dev, read } = await setup();
      // http-<55 characters>-dev is a label of 64: fine while the cluster exposes nothing.
      await createInfrahub(dev.id, 'x'.repeat(55));
      const records = await read(dev.id);
      expect(() => generator.generate({ records })).not.toThrow();

      expect(
        thrown(() =>
          generator.generate({
            records,
            change: { clusterSettings: { base_domain: 'apps.example.com' } },
          }),
        ),
      ).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'services.http',
        message: expect.stringContaining('64 characters'),
      });
    });

    it("refuses a deployment whose exposed host another environment's deployment serves (CONFLICT), writing nothing", async () => {
      const { createInfrahub, environment, knex } = await setup();
      // `a` in `b-c` and `a-b` in `c` both make http-a-b-c.
      const domain = { base_domain: 'apps.example.com' };
      await createInfrahub((await environment('b-c', domain)).id, 'a');
      const c = await environment('c', domain);
      const before = await rowCounts(knex);

      expect(
        await createInfrahub(c.id, 'a-b').catch(error => error),
      ).toMatchObject({
        code: 'CONFLICT',
        field: 'services.http',
        message: expect.stringContaining(
          "a-b's exposed service http would be served at http-a-b-c.apps.example.com, the host of b-c/a's: rename one of the deployments",
        ),
      });
      await expect(rowCounts(knex)).resolves.toEqual(before);
      await expect(createInfrahub(c.id, 'a-c')).resolves.toBeDefined();
    });

    it('compares the hosts of other environments under the base domain each gets after a cluster settings change', async () => {
      const { generator, createInfrahub, environment, read } = await setup();
      // `x-y` has its own base domain; `y` exposes nothing until the cluster sets one.
      const xy = await environment('x-y', { base_domain: 'apps.example.com' });
      const y = await environment('y');
      await createInfrahub(xy.id, 'a');
      await createInfrahub(y.id, 'a-x');
      const records = await read(y.id);
      const settingsChange = (base_domain: string) => () =>
        generator.generate({
          records,
          change: {
            clusterSettings: { ...records.cluster.settings, base_domain },
          },
        });

      expect(thrown(settingsChange('apps.example.com'))).toMatchObject({
        code: 'CONFLICT',
        field: 'services.http',
        message: expect.stringContaining(
          "http-a-x-y.apps.example.com, the host of x-y/a's",
        ),
      });
      expect(settingsChange('other.example.com')).not.toThrow();
    });
  });
});
