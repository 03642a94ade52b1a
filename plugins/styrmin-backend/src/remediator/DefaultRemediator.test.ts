import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  rowCounts,
  setupReconciliation,
} from '../__testUtils__/reconciliation';

jest.setTimeout(60_000);

describe('DefaultRemediator', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('records the task, its flow run and the state in the caller’s transaction, or nothing', async () => {
      const { remediator, generator, createInfrahub, dev, knex, cluster } =
        await setupReconciliation({ databases, databaseId });
      const { deployment } = await createInfrahub(dev.id, 'a');
      const generation = await generator.generate({
        environmentId: dev.id,
        change: { clusterSettings: { storage_class: 'premium' } },
      });
      const before = await rowCounts(knex);

      await expect(
        knex.transaction(async tx => {
          const [{ generated, instance }] = await generator.store({
            tx,
            instances: generation.instances,
            createdBy: TEST_USER,
          });
          const remediation = await remediator.remediate({
            tx,
            deploymentId: deployment.id,
            cluster,
            active: generated.active,
            instance,
            driver: generated.driverVersion.spec,
            createdBy: TEST_USER,
          });
          expect(remediation).toMatchObject({
            flowName: 'UPDATE_INSTANCE',
            task: { type: 'update_instance', status: 'SCHEDULED' },
            flowRun: { pool: `cluster:${cluster.id}` },
            supersededTaskIds: [],
          });
          throw new Error('the caller fails after the remediator');
        }),
      ).rejects.toThrow('the caller fails after the remediator');

      await expect(rowCounts(knex)).resolves.toEqual(before);
      await expect(
        knex('styrmin_deployments').where({ id: deployment.id }).first(),
      ).resolves.toMatchObject({ state: 'DEPLOYING', version: 1 });
    });

    it('moves a deployment to DELETING with a delete_deployment task', async () => {
      const { remediator, createInfrahub, dev, cluster, deployments, drivers } =
        await setupReconciliation({ databases, databaseId });
      const { deployment, redeployment } = await createInfrahub(dev.id, 'a');
      // The database refuses DELETING for a deployment whose deletion is not recorded.
      await deployments.updateDeployment({
        ...deployment,
        expectedVersion: deployment.version,
        deleted: true,
        updatedBy: TEST_USER,
      });

      const remediation = await remediator.remediate({
        deploymentId: deployment.id,
        cluster,
        active: redeployment!.instance,
        driver: (await drivers.getDriverVersion(deployment.driver))!.spec,
        createdBy: TEST_USER,
      });

      expect(remediation).toMatchObject({
        flowName: 'DELETE',
        task: { type: 'delete_deployment' },
        flowRun: { parameters: { deploymentId: deployment.id } },
      });
      await expect(
        deployments.getDeployment({ id: deployment.id }),
      ).resolves.toMatchObject({ state: 'DELETING' });
    });
  });
});
