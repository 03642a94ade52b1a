import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  expectRefusedWritingNothing,
  setupEnvironmentBackups,
} from './__testUtils__/environmentBackupSetup';
import { withRestoreAndClone } from './__testUtils__/restoreAndCloneSetup';

jest.setTimeout(60_000);

describe('EnvironmentClones', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setUp = async () =>
      withRestoreAndClone(
        await setupEnvironmentBackups({ databases, databaseId }),
      );

    it('plans a clone of the source as it is, its overrides with the patch on top', async () => {
      const { environmentClones, dev, cluster } = await setUp();

      const plan = await environmentClones.plan({
        sourceId: dev.id,
        name: 'dev-copy',
        overridesPatch: { storage_class: 'fast' },
      });

      expect(plan.problems).toEqual([]);
      expect(plan.cluster.id).toBe(cluster.id);
      expect(plan.environmentBackup).toBeUndefined();
      expect(plan.overrides).toEqual({ storage_class: 'fast' });
      expect(plan.deployments.map(d => [d.name, d.appVersion])).toEqual([
        ['infrahub', '1.5.2'],
        ['infrahub-2', '1.5.2'],
      ]);
    });

    it('records the new environment and the parent task in one transaction, the ids of what it will make chosen first', async () => {
      const setup = await setUp();
      const { environmentClones, dev, flowRuns, environments, deployments } =
        setup;

      const { task, environment } = await environmentClones.clone({
        sourceId: dev.id,
        name: 'dev-copy',
        createdBy: TEST_USER,
      });

      expect(environment).toMatchObject({
        name: 'dev-copy',
        clusterId: dev.clusterId,
        backupStorageLocation: 'minio',
      });
      expect(await environments.getEnvironment({ name: 'dev-copy' })).toEqual(
        environment,
      );
      expect(task).toMatchObject({
        type: 'clone_environment',
        environmentId: environment.id,
        deploymentId: null,
        status: 'SCHEDULED',
      });
      expect(task.steps.map(s => s.name)).toEqual([
        'Back up the environment',
        'Create the deployments',
        'Wait for the deployments to run',
        'Restore infrahub from its constituent backup',
        'Restore infrahub-2 from its constituent backup',
      ]);
      const run = (await flowRuns.getFlowRun({ flowRunId: task.flowRunId }))!;
      expect(run).toMatchObject({
        pool: 'server',
        flowName: 'CLONE_ENVIRONMENT',
      });
      expect(run.parameters).toEqual({
        sourceEnvironmentId: dev.id,
        environmentId: environment.id,
        environmentBackupId: expect.any(String),
        takesBackup: true,
        deployments: [
          { name: 'infrahub', deploymentId: expect.any(String) },
          { name: 'infrahub-2', deploymentId: expect.any(String) },
        ],
      });
      // The deployments come with the flow's steps, not before.
      expect(
        await deployments.listDeploymentsOfEnvironments({
          environmentIds: [environment.id],
        }),
      ).toEqual([]);
    });

    it('clones from a named environment backup without taking one', async () => {
      const setup = await setUp();
      const view = await setup.environmentBackupService.createEnvironmentBackup(
        {
          environmentId: setup.dev.id,
          createdBy: TEST_USER,
        },
      );
      await setup.endRuns();
      for (const { backup } of view.constituents) {
        await setup.report(backup!.id, 'Completed');
      }

      const { task } = await setup.environmentClones.clone({
        sourceId: setup.dev.id,
        name: 'dev-copy',
        environmentBackupId: view.environmentBackup.id,
        createdBy: TEST_USER,
      });

      expect(task.steps[0].name).toBe('Create the deployments');
      const run = (await setup.flowRuns.getFlowRun({
        flowRunId: task.flowRunId,
      }))!;
      expect(run.parameters).toMatchObject({
        environmentBackupId: view.environmentBackup.id,
        takesBackup: false,
      });
    });

    it('refuses, writing nothing: an unknown source, cluster or backup; a plan with problems, each named', async () => {
      const setup = await setUp();
      const { knex, environmentClones, dev } = setup;
      const unknown = '00000000-0000-4000-8000-000000000999';
      const clone =
        (request: Partial<Parameters<typeof environmentClones.clone>[0]>) =>
        () =>
          environmentClones.clone({
            sourceId: dev.id,
            name: 'dev-copy',
            createdBy: TEST_USER,
            ...request,
          });

      await expectRefusedWritingNothing(
        knex,
        'NOT_FOUND',
        clone({ sourceId: unknown }),
        /Environment .* does not exist/,
      );
      await expectRefusedWritingNothing(
        knex,
        'NOT_FOUND',
        clone({ clusterId: unknown }),
        /Cluster .* does not exist/,
      );
      await expectRefusedWritingNothing(
        knex,
        'NOT_FOUND',
        clone({ environmentBackupId: unknown }),
        /Environment backup .* does not exist/,
      );
      await expectRefusedWritingNothing(
        knex,
        'VALIDATION_FAILED',
        clone({ name: 'dev', overridesPatch: { storage_class: 7 } }),
        /An environment named dev exists already; overrides\.storage_class/,
      );
    });
  });
});
