import { mockServices } from '@backstage/backend-test-utils';
import { SignalPayload } from '@backstage/plugin-signals-node';
import { createTestDatabases } from '../__testUtils__/databases';
import { setupReconciliation } from '../__testUtils__/reconciliation';
import { waitFor } from '../__testUtils__/waitFor';
import { SignalsChangeNotifier } from './SignalsChangeNotifier';

jest.setTimeout(60_000);

/** Raised inside a transaction to roll it back. */
class Rollback extends Error {}

describe('SignalsChangeNotifier', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const records = await setupReconciliation({ databases, databaseId });
      const { deployment } = await records.createInfrahub();
      const published: SignalPayload[] = [];
      const signals = {
        publish: jest.fn(async (signal: SignalPayload) => {
          published.push(signal);
        }),
      };
      const logger = mockServices.logger.mock();
      const notifier = SignalsChangeNotifier.create({
        signals,
        logger,
        deployments: records.deployments,
        environments: records.environments,
      });
      const channels = () => published.map(s => s.channel).sort();
      return { ...records, deployment, notifier, signals, logger, channels };
    }

    it("announces a deployment on its channel and its environment's, after the commit", async () => {
      const { knex, notifier, deployment, dev, channels } = await setup();

      await knex.transaction(async tx => {
        notifier.notify({ tx, deploymentIds: [deployment.id] });
        // Twice in one transaction, and from a savepoint: announced once, at the top's commit.
        await tx.transaction(async savepoint => {
          notifier.notify({ tx: savepoint, deploymentIds: [deployment.id] });
        });
        await new Promise(resolve => setImmediate(resolve));
        expect(channels()).toEqual([]);
      });

      await waitFor(() => channels().length === 2);
      expect(channels()).toEqual([
        `styrmin:deployment:${deployment.id}`,
        `styrmin:environment:${dev.id}`,
      ]);
    });

    it('announces nothing of a transaction that rolls back', async () => {
      const { knex, notifier, deployment, cluster, channels } = await setup();

      await expect(
        knex.transaction(async tx => {
          notifier.notify({ tx, deploymentIds: [deployment.id] });
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      // A savepoint released, then the top rolled back.
      await expect(
        knex.transaction(async tx => {
          await tx.transaction(async savepoint => {
            notifier.notify({ tx: savepoint, deploymentIds: [deployment.id] });
          });
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      // Announced after those, and alone.
      notifier.notify({ clusterIds: [cluster.id] });

      await waitFor(() => channels().length > 0);
      expect(channels()).toEqual([`styrmin:cluster:${cluster.id}`]);
    });

    it("announces an environment on its cluster's channel too, with messages naming only the record", async () => {
      const { notifier, dev, cluster, signals } = await setup();

      notifier.notify({ environmentIds: [dev.id] });

      await waitFor(() => signals.publish.mock.calls.length === 2);
      expect(signals.publish.mock.calls.map(([signal]) => signal)).toEqual([
        {
          recipients: { type: 'broadcast' },
          channel: `styrmin:environment:${dev.id}`,
          message: { record: 'environment', id: dev.id },
        },
        {
          recipients: { type: 'broadcast' },
          channel: `styrmin:cluster:${cluster.id}`,
          message: { record: 'cluster', id: cluster.id },
        },
      ]);
    });

    it('logs a signal it could not publish, and throws nothing', async () => {
      const { notifier, signals, logger, cluster } = await setup();
      signals.publish.mockRejectedValueOnce(new Error('events are down'));

      expect(() => notifier.notify({ clusterIds: [cluster.id] })).not.toThrow();

      await waitFor(() => logger.warn.mock.calls.length === 1);
      expect(logger.warn).toHaveBeenCalledWith(
        'Could not announce Styrmin changes: Error: events are down',
      );
    });
  });
});
