import { ConflictError } from '@backstage/errors';
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
    const setup = () => setupReconciliation({ databases, databaseId });

    it('records the instance, the task, its flow run and the state in the caller’s transaction, or nothing', async () => {
      const { remediator, generator, createInfrahub, dev, knex, read } =
        await setup();
      const { deployment } = await createInfrahub(dev.id, 'a');
      const generation = generator.generate({
        records: await read(dev.id),
        change: { clusterSettings: { storage_class: 'premium' } },
      });
      const before = await rowCounts(knex);

      await expect(
        knex.transaction(async tx => {
          const redeployments = await remediator.remediate({
            tx,
            ...generation,
            createdBy: TEST_USER,
          });
          expect(redeployments).toMatchObject([
            {
              deployment: { id: deployment.id, state: 'DEPLOYING' },
              flowName: 'UPDATE_INSTANCE',
              instance: { number: 2, active: true },
              remediation: {
                flowName: 'UPDATE_INSTANCE',
                task: { type: 'update_instance', status: 'SCHEDULED' },
                flowRun: { pool: `cluster:${generation.cluster.id}` },
                supersededTaskIds: [],
              },
            },
          ]);
          const [{ instance, remediation }] = redeployments;
          expect(instance!.taskId).toBe(remediation!.task.id);
          expect(remediation!.flowRun.parameters).toEqual({
            deploymentId: deployment.id,
            instanceId: instance!.id,
          });
          throw new Error('the caller fails after the remediator');
        }),
      ).rejects.toThrow('the caller fails after the remediator');

      await expect(rowCounts(knex)).resolves.toEqual(before);
      await expect(
        knex('styrmin_deployments').where({ id: deployment.id }).first(),
      ).resolves.toMatchObject({ state: 'DEPLOYING', version: 1 });
    });

    it('records an environment task and its flow run in the server pool, and refuses a flow that is not an environment’s', async () => {
      const { remediator, dev, knex, changes, tasks } = await setup();

      const { task, flowRun } = await knex.transaction(tx =>
        remediator.recordEnvironmentTask({
          tx,
          environmentId: dev.id,
          task: {
            flowName: 'UPGRADE_ENVIRONMENT',
            parameters: { upgrades: [] },
            stepNames: ['Upgrade infrahub to 1.1.0'],
          },
          createdBy: TEST_USER,
        }),
      );
      expect(task).toMatchObject({
        type: 'upgrade_environment',
        environmentId: dev.id,
        deploymentId: null,
        steps: [{ name: 'Upgrade infrahub to 1.1.0', status: 'PENDING' }],
      });
      expect(flowRun).toMatchObject({
        pool: 'server',
        flowName: 'UPGRADE_ENVIRONMENT',
        parameters: { upgrades: [], environmentId: dev.id },
      });
      expect(changes.notify).toHaveBeenLastCalledWith(
        expect.objectContaining({ environmentIds: [dev.id] }),
      );

      const before = await rowCounts(knex);
      await expect(
        knex.transaction(tx =>
          remediator.recordEnvironmentTask({
            tx,
            environmentId: dev.id,
            task: { flowName: 'RUN_JOB', parameters: {}, stepNames: ['Run'] },
            createdBy: TEST_USER,
          }),
        ),
      ).rejects.toThrow('RUN_JOB is not a flow of an environment task');
      await expect(rowCounts(knex)).resolves.toEqual(before);
      await expect(tasks.getTask({ taskId: task.id })).resolves.toEqual(task);
    });

    it('records a changed instance only in place of the instance it was compared with', async () => {
      const { remediator, generator, createInfrahub, dev, knex, read } =
        await setup();
      await createInfrahub(dev.id, 'a');
      const records = await read(dev.id);
      const stale = generator.generate({
        records,
        change: { clusterSettings: { storage_class: 'one' } },
      });
      const fresh = generator.generate({
        records,
        change: { clusterSettings: { storage_class: 'two' } },
      });
      const remediate = (generation: typeof fresh) =>
        knex.transaction(tx =>
          remediator.remediate({ tx, ...generation, createdBy: TEST_USER }),
        );

      await remediate(fresh);
      await expect(remediate(stale)).rejects.toThrow(ConflictError);
    });

    it('moves a deployment to a DELETING tombstone with a delete_deployment task', async () => {
      const { remediator, createInfrahub, dev, knex, deployments, read } =
        await setup();
      const { deployment, redeployment } = await createInfrahub(dev.id, 'a');
      const records = await read(dev.id);

      const [deletion] = await knex.transaction(tx =>
        remediator.remediate({
          tx,
          cluster: records.cluster,
          instances: [],
          intent: {
            kind: 'delete',
            deployment,
            expectedVersion: deployment.version,
            active: redeployment!.instance,
            driverVersion: records.driverVersions[0],
          },
          createdBy: TEST_USER,
        }),
      );

      expect(deletion).toMatchObject({
        deployment: { state: 'DELETING', version: 2 },
        flowName: 'DELETE',
        remediation: {
          task: { type: 'delete_deployment' },
          flowRun: { parameters: { deploymentId: deployment.id } },
        },
      });
      expect(deletion.deployment.deletedAt).toBeDefined();
      await expect(
        deployments.getDeployment({ id: deployment.id }),
      ).resolves.toMatchObject({ state: 'DELETING' });
    });
  });
});
