import { ConflictError, NotFoundError } from '@backstage/errors';
import { TEST_USER } from '../__testUtils__/coreStores';
import { countQueries } from '../__testUtils__/countQueries';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  INFRAHUB_100,
  INFRAHUB_CONFIGURATION,
  rowCounts,
  setupReconciliation,
} from '../__testUtils__/reconciliation';

jest.setTimeout(60_000);

describe('DefaultGenerator', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setup = () => setupReconciliation({ databases, databaseId });

    it('generates an environment in the same few queries, however many deployments it has, and writes nothing', async () => {
      const { generator, createInfrahub, dev, knex } = await setup();
      const queriesToGenerate = async () => {
        const before = await rowCounts(knex);
        const { queries, result: generation } = await countQueries(knex, () =>
          generator.generate({ environmentId: dev.id }),
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
      const { generator, createInfrahub, dev } = await setup();
      const a = (await createInfrahub(dev.id, 'a')).deployment;
      const b = (await createInfrahub(dev.id, 'b')).deployment;

      const edited = await generator.generate({
        environmentId: dev.id,
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
      ]);

      const deleted = await generator.generate({
        environmentId: dev.id,
        change: { deletedDeploymentId: b.id },
      });
      expect(deleted.instances.map(i => i.deploymentName)).toEqual(['a']);
      expect(
        deleted.instances[0].diff.map(c => [c.path, c.kind]),
      ).toContainEqual(['environment.deployments.b.id', 'removed']);
      await expect(
        generator.generate({ environmentId: 'nope' }),
      ).rejects.toThrow(NotFoundError);
    });

    it('validates a change against the driver versions it moves between', async () => {
      const { generator } = await setup();

      await expect(
        generator.validate({
          driver: { name: 'infrahub', version: '0.0.1' },
          configuration: INFRAHUB_CONFIGURATION,
        }),
      ).rejects.toThrow(NotFoundError);
      await expect(
        generator.validate({
          driver: INFRAHUB_100,
          configuration: { app_version: '1.5.2' },
        }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'parameters.admin_password',
      });
      await expect(
        generator.validate({
          driver: INFRAHUB_100,
          configuration: INFRAHUB_CONFIGURATION,
        }),
      ).resolves.toMatchObject({
        configuration: { ...INFRAHUB_CONFIGURATION, components: {} },
        droppedParameters: [],
      });
    });

    it('stores a changed instance only in place of the instance it was compared with', async () => {
      const { generator, createInfrahub, dev } = await setup();
      await createInfrahub(dev.id, 'a');
      const stale = await generator.generate({
        environmentId: dev.id,
        change: { clusterSettings: { storage_class: 'one' } },
      });
      const fresh = await generator.generate({
        environmentId: dev.id,
        change: { clusterSettings: { storage_class: 'two' } },
      });

      await generator.store({
        instances: fresh.instances,
        createdBy: TEST_USER,
      });
      await expect(
        generator.store({ instances: stale.instances, createdBy: TEST_USER }),
      ).rejects.toThrow(ConflictError);
    });
  });
});
