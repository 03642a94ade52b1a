import { createMockDirectory } from '@backstage/backend-test-utils';
import { ConflictError, NotFoundError } from '@backstage/errors';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { readDriverDirectory } from '@styrmin/plugin-styrmin-node';
import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import { copyExampleDriver } from '../__testUtils__/exampleDrivers';
import {
  INFRAHUB_100,
  INFRAHUB_CONFIGURATION,
  rowCounts,
  SEMAPHORE_100,
  SEMAPHORE_CONFIGURATION,
  setupReconciliation,
} from '../__testUtils__/reconciliation';

const INFRAHUB_110 = { name: 'infrahub', version: '1.1.0' };

/** The problems of a refused change, as `code field` lines. */
async function problemsOf(change: Promise<unknown>) {
  const error = await change.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StyrminError);
  return (error as StyrminError).problems!.map(p => `${p.code} ${p.path}`);
}

jest.setTimeout(60_000);

describe('DeploymentChanges', () => {
  const databases = createTestDatabases();
  const mockDir = createMockDirectory();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const fixture = await setupReconciliation({ databases, databaseId });
      return { ...fixture, changes: fixture.deploymentChanges };
    }

    it('creates a deployment with its first instance, a create_instance task and a flow run in its cluster’s pool', async () => {
      const { createInfrahub, instances, flowRuns, cluster, dev } =
        await setup();

      const result = await createInfrahub();

      const { deployment, redeployment } = result;
      expect(result.changed).toBe(true);
      expect(result.siblings).toEqual([]);
      expect(deployment).toMatchObject({
        environmentId: dev.id,
        name: 'infrahub',
        driver: INFRAHUB_100,
        configuration: { ...INFRAHUB_CONFIGURATION, components: {} },
        state: 'DEPLOYING',
        version: 1,
        createdBy: TEST_USER,
      });
      const instance = redeployment!.instance!;
      expect(instance).toMatchObject({
        deploymentId: deployment.id,
        number: 1,
        active: true,
        taskId: redeployment!.remediation!.task.id,
      });
      expect(instance.context).toMatchObject({
        app: { version: '1.5.2' },
        // Of the cluster, only what drivers/infrahub/1.0.0 reads.
        cluster: { storage_class: 'standard' },
        deployment: {
          id: deployment.id,
          namespace: `styrmin-${deployment.id}`,
        },
        parameters: { admin_password: 'correct horse battery' },
        secret_paths: ['parameters.admin_password'],
      });
      // The first instance lists every value as added, secrets masked.
      expect(redeployment!.diff).toContainEqual({
        path: 'parameters.admin_password',
        kind: 'added',
        after: '<secret>',
        secret: true,
      });
      expect(JSON.stringify(redeployment!.diff)).not.toContain('correct horse');
      const { task, flowRun } = redeployment!.remediation!;
      expect(redeployment!.flowName).toBe('CREATE_INSTANCE');
      expect(task).toMatchObject({
        type: 'create_instance',
        deploymentId: deployment.id,
        status: 'SCHEDULED',
        createdBy: TEST_USER,
      });
      expect(task.steps.map(step => [step.name, step.status])).toEqual([
        ['Apply the StyrminDeployment resource', 'PENDING'],
        ['Ensure the namespace', 'PENDING'],
        ['Apply the chart source', 'PENDING'],
        ['Install or upgrade the HelmRelease', 'PENDING'],
        ['Apply the Services', 'PENDING'],
        ['Run the setup post-hook', 'PENDING'],
      ]);
      expect(flowRun).toMatchObject({
        pool: `cluster:${cluster.id}`,
        flowName: 'CREATE_INSTANCE',
        state: 'SCHEDULED',
        parameters: { deploymentId: deployment.id, instanceId: instance.id },
      });
      await expect(
        flowRuns.getFlowRun({ flowRunId: flowRun.id }),
      ).resolves.toEqual(flowRun);
      await expect(
        instances.getActiveInstances({ deploymentIds: [deployment.id] }),
      ).resolves.toEqual([instance]);
    });

    it('stores nothing for an edit that changes nothing', async () => {
      const { changes, createInfrahub, knex } = await setup();
      const { deployment } = await createInfrahub();
      const before = await rowCounts(knex);

      for (const configurationPatch of [
        {},
        { app_version: '1.5.2' },
        // The default: the context stays the same.
        { parameters: { log_level: 'INFO' } },
      ]) {
        const result = await changes.changeDeployment({
          deploymentId: deployment.id,
          configurationPatch,
          updatedBy: TEST_USER,
        });
        expect(result).toEqual({
          deployment,
          changed: false,
          droppedParameters: [],
          carriedOverParameters: [],
          siblings: [],
        });
      }
      await expect(rowCounts(knex)).resolves.toEqual(before);
    });

    it('edits by merge patch: a new instance with the diff, an update_instance task', async () => {
      const { changes, createInfrahub, instances, clock } = await setup();
      const created = await createInfrahub();
      clock.advance({ seconds: 60 });

      const edited = await changes.changeDeployment({
        deploymentId: created.deployment.id,
        configurationPatch: {
          parameters: { log_level: 'DEBUG', admin_password: 'a new password!' },
          components: { server: { replicas: 3, env: { A: { secret: 's' } } } },
        },
        updatedBy: 'user:default/bob',
      });

      expect(edited.deployment).toMatchObject({
        version: 2,
        updatedBy: 'user:default/bob',
        state: 'DEPLOYING',
        configuration: {
          parameters: {
            admin_password: 'a new password!',
            log_level: 'DEBUG',
          },
          components: { server: { replicas: 3, env: { A: { secret: 's' } } } },
        },
      });
      expect(edited.redeployment!.flowName).toBe('UPDATE_INSTANCE');
      expect(edited.redeployment!.remediation!.task.type).toBe(
        'update_instance',
      );
      expect(edited.redeployment!.diff).toEqual([
        {
          path: 'components.server.env.A',
          kind: 'added',
          after: '<secret>',
          secret: true,
        },
        { path: 'components.server.replicas', kind: 'added', after: 3 },
        {
          path: 'parameters.admin_password',
          kind: 'changed',
          before: '<secret>',
          after: '<secret>',
          secret: true,
        },
        {
          path: 'parameters.log_level',
          kind: 'changed',
          before: 'INFO',
          after: 'DEBUG',
        },
        {
          path: 'secret_paths',
          kind: 'changed',
          before: ['parameters.admin_password'],
          after: ['components.server.env.A', 'parameters.admin_password'],
        },
      ]);

      // The timeline: newest first, who and when, the diff to the one before.
      const timeline = await instances.listInstances({
        deploymentId: created.deployment.id,
        limit: 10,
      });
      expect(
        timeline.instances.map(i => [i.number, i.active, i.createdBy]),
      ).toEqual([
        [2, true, 'user:default/bob'],
        [1, false, TEST_USER],
      ]);
      expect(timeline.instances[0].diff).toEqual(edited.redeployment!.diff);
      expect(timeline.instances[0].createdAt).toEqual(clock.now());
    });

    it('refuses each broken rule with its code, every problem at once, and writes nothing', async () => {
      const { changes, createInfrahub, knex, dev } = await setup();
      const { deployment } = await createInfrahub();
      const before = await rowCounts(knex);
      const edit = (configurationPatch: object) =>
        changes.changeDeployment({
          deploymentId: deployment.id,
          configurationPatch,
          updatedBy: TEST_USER,
        });

      await expect(
        problemsOf(
          edit({
            app_version: '2.0.0',
            parameters: {
              log_level: 'LOUD',
              task_worker_replicas: 'two',
              unknown: 1,
            },
            components: {
              database: { replicas: 2 },
              server: { replicas: 0 },
              'task-worker': { image: 'infrahub:latest' },
              ghost: { replicas: 1 },
            },
          }),
        ),
      ).resolves.toEqual([
        'VALIDATION_FAILED app_version',
        'SINGLETON_REPLICA_OVERRIDE components.database.replicas',
        'VALIDATION_FAILED components.ghost',
        'VALIDATION_FAILED components.server.replicas',
        'VALIDATION_FAILED components.task-worker.image',
        'VALIDATION_FAILED parameters.log_level',
        'VALIDATION_FAILED parameters.task_worker_replicas',
        'VALIDATION_FAILED parameters.unknown',
      ]);
      await expect(
        edit({ components: { database: { replicas: 2 } } }),
      ).rejects.toMatchObject({
        code: 'SINGLETON_REPLICA_OVERRIDE',
        field: 'components.database.replicas',
      });
      await expect(
        changes.createDeployment({
          environmentId: dev.id,
          name: 'Not A Name',
          driver: INFRAHUB_100,
          configuration: INFRAHUB_CONFIGURATION,
          createdBy: TEST_USER,
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
      await expect(
        changes.createDeployment({
          environmentId: dev.id,
          name: 'other',
          driver: { name: 'infrahub', version: '9.9.9' },
          configuration: INFRAHUB_CONFIGURATION,
          createdBy: TEST_USER,
        }),
      ).rejects.toThrow(NotFoundError);
      await expect(createInfrahub()).rejects.toThrow(ConflictError);
      await expect(
        createInfrahub('00000000-0000-4000-8000-000000000000'),
      ).rejects.toThrow(NotFoundError);
      await expect(createInfrahub('not-an-id')).rejects.toThrow(NotFoundError);
      await expect(
        changes.changeDeployment({
          deploymentId: deployment.id,
          expectedVersion: 7,
          configurationPatch: { app_version: '1.5.1' },
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);
      await expect(rowCounts(knex)).resolves.toEqual(before);
    });

    it('refuses COMPONENT_CONTAINER_NOT_DECLARED on a component without a component container', async () => {
      const { changes, drivers, knex, dev } = await setup();
      const copy = await readDriverDirectory(
        await copyExampleDriver(
          'infrahub/1.0.0',
          mockDir.resolve(`no-container-${databaseId}`),
          {
            'driver.styrmin.yml': text =>
              text
                .replace(
                  'version: 1.0.0\n  supported',
                  'version: 1.0.1\n  supported',
                )
                .replace('      container: database\n', ''),
          },
        ),
      );
      if (!copy.success) {
        throw new Error(JSON.stringify(copy.problems));
      }
      await drivers.loadDriverVersion({
        bundle: copy.bundle,
        source: { type: 'UPLOAD' },
        loadedBy: TEST_USER,
      });
      const before = await rowCounts(knex);

      await expect(
        problemsOf(
          changes.createDeployment({
            environmentId: dev.id,
            name: 'infrahub',
            driver: { name: 'infrahub', version: '1.0.1' },
            configuration: {
              ...INFRAHUB_CONFIGURATION,
              components: {
                database: { env: { HEAP: '2g' }, replicas: 1 },
              },
            },
            createdBy: TEST_USER,
          }),
        ),
      ).resolves.toEqual([
        'COMPONENT_CONTAINER_NOT_DECLARED components.database.env',
      ]);
      await expect(rowCounts(knex)).resolves.toEqual(before);
    });

    it('upgrades infrahub 1.0.0 to 1.1.0, dropping task_worker_replicas at its default and carrying it over to the task-worker replica override otherwise', async () => {
      const { changes, createInfrahub, knex } = await setup();
      const { deployment } = await createInfrahub();
      const atDefault = await changes.changeDeployment({
        deploymentId: deployment.id,
        configurationPatch: { parameters: { task_worker_replicas: 2 } },
        updatedBy: TEST_USER,
      });
      // 2 is 1.0.0's default: the context does not change, and nothing is stored.
      expect(atDefault.changed).toBe(false);
      const three = await changes.changeDeployment({
        deploymentId: deployment.id,
        configurationPatch: { parameters: { task_worker_replicas: 3 } },
        updatedBy: TEST_USER,
      });
      const before = await rowCounts(knex);

      const carried = await changes.changeDeployment({
        deploymentId: deployment.id,
        driverVersion: '1.1.0',
        updatedBy: TEST_USER,
        dryRun: true,
      });
      expect(carried.carriedOverParameters).toEqual([
        {
          parameter: 'task_worker_replicas',
          field: 'components.task-worker.replicas',
          value: 3,
        },
      ]);
      expect(carried.deployment.configuration).toMatchObject({
        parameters: { admin_password: 'correct horse battery' },
        components: { 'task-worker': { replicas: 3 } },
      });
      expect(carried.redeployment!.diff).toContainEqual({
        path: 'components.task-worker.replicas',
        kind: 'added',
        after: 3,
      });
      await expect(rowCounts(knex)).resolves.toEqual(before);

      await changes.changeDeployment({
        deploymentId: deployment.id,
        configurationPatch: { parameters: { task_worker_replicas: 2 } },
        updatedBy: TEST_USER,
      });
      const upgraded = await changes.changeDeployment({
        deploymentId: deployment.id,
        driverVersion: '1.1.0',
        configurationPatch: { app_version: '1.6.0' },
        updatedBy: TEST_USER,
      });

      expect(three.deployment.version).toBe(2);
      expect(upgraded.droppedParameters).toEqual(['task_worker_replicas']);
      expect(upgraded.deployment).toMatchObject({
        driver: INFRAHUB_110,
        version: 4,
        configuration: {
          app_version: '1.6.0',
          parameters: { admin_password: 'correct horse battery' },
        },
      });
      expect(upgraded.redeployment!.flowName).toBe('UPGRADE_INSTANCE');
      const { task } = upgraded.redeployment!.remediation!;
      expect(task.type).toBe('upgrade_instance');
      expect(task.steps.map(step => step.name)).toEqual([
        'Run the upgrade pre-hook',
        'Apply the StyrminDeployment resource',
        'Run the upgrade core-hook',
        'Ensure the namespace',
        'Apply the chart source',
        'Install or upgrade the HelmRelease',
        'Apply the Services',
        'Run the upgrade post-hook',
      ]);
      expect(upgraded.redeployment!.diff).toContainEqual({
        path: 'driver.version',
        kind: 'changed',
        before: '1.0.0',
        after: '1.1.0',
      });
    });

    it('redeploys the deployments that connect to one that is created or deleted, and no other', async () => {
      const { changes, createInfrahub, dev, environment } = await setup();
      const staging = await environment('staging');
      const createSemaphore = (name: string) =>
        changes.createDeployment({
          environmentId: dev.id,
          name,
          driver: SEMAPHORE_100,
          configuration: SEMAPHORE_CONFIGURATION,
          createdBy: TEST_USER,
        });
      const semaphore = await createSemaphore('semaphore');

      // Semaphore connects to Infrahub (connects_to: [infrahub]); Infrahub to nothing.
      const infrahub = await createInfrahub();
      const elsewhere = await createInfrahub(staging.id);

      expect(infrahub.siblings.map(s => s.deployment.name)).toEqual([
        'semaphore',
      ]);
      const [sibling] = infrahub.siblings;
      expect(sibling.flowName).toBe('UPDATE_INSTANCE');
      expect(sibling.diff.map(change => change.path)).toEqual([
        'environment.deployments.infrahub.id',
        'environment.deployments.infrahub.namespace',
        'environment.deployments.infrahub.services.http.host',
        'environment.deployments.infrahub.services.http.port',
        'environment.deployments.infrahub.services.http.url',
      ]);
      // Its intent did not change, so neither did its version.
      expect(sibling.deployment.version).toBe(semaphore.deployment.version);
      expect(
        infrahub.redeployment!.instance!.context.environment.deployments,
      ).not.toHaveProperty('semaphore');
      // A deployment that nobody connects to redeploys nothing.
      const second = await createSemaphore('semaphore-2');
      expect(second.siblings).toEqual([]);
      expect(
        second.redeployment!.instance!.context.environment.deployments,
      ).toHaveProperty('infrahub.id', infrahub.deployment.id);

      const deleted = await changes.deleteDeployment({
        deploymentId: infrahub.deployment.id,
        deletedBy: TEST_USER,
      });

      expect(deleted.deployment).toMatchObject({
        state: 'DELETING',
        deletedAt: expect.any(Date),
        version: 2,
      });
      expect(deleted.redeployment!.remediation!.task).toMatchObject({
        type: 'delete_deployment',
        steps: [
          { name: 'Delete the StyrminDeployment resource' },
          { name: 'Uninstall the HelmRelease' },
          { name: 'Remove the namespace' },
        ],
      });
      expect(deleted.siblings.map(s => s.deployment.id)).toEqual([
        semaphore.deployment.id,
        second.deployment.id,
      ]);
      for (const { diff } of deleted.siblings) {
        expect(diff.every(c => c.kind === 'removed')).toBe(true);
      }
      expect(elsewhere.siblings).toEqual([]);
      await expect(
        changes.changeDeployment({
          deploymentId: infrahub.deployment.id,
          configurationPatch: { app_version: '1.5.3' },
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow('is deleted');
      await expect(
        changes.deleteDeployment({
          deploymentId: infrahub.deployment.id,
          deletedBy: TEST_USER,
        }),
      ).rejects.toThrow('only a deletion that FAILED can be started again');
      // The name is free for a new deployment.
      await createInfrahub();
    });

    it.each([
      ['the version the callers saw', true],
      ['the version on arrival', false],
    ])(
      'lets one of two concurrent edits win (%s); the other gets CONFLICT, and one instance stays active',
      async (_case, named) => {
        const { changes, createInfrahub, instances } = await setup();
        const { deployment } = await createInfrahub();

        const results = await Promise.allSettled(
          ['DEBUG', 'WARNING'].map(level =>
            changes.changeDeployment({
              deploymentId: deployment.id,
              expectedVersion: named ? deployment.version : undefined,
              configurationPatch: { parameters: { log_level: level } },
              updatedBy: TEST_USER,
            }),
          ),
        );

        expect(results.map(r => r.status).sort()).toEqual([
          'fulfilled',
          'rejected',
        ]);
        const rejected = results.find(r => r.status === 'rejected');
        expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(
          ConflictError,
        );
        const active = await instances.getActiveInstances({
          deploymentIds: [deployment.id],
        });
        expect(active.map(i => i.number)).toEqual([2]);
      },
    );

    it('supersedes the operator phases of an older task that applied its resource', async () => {
      const { changes, createInfrahub, flowRuns, tasks, cluster } =
        await setup();
      const created = await createInfrahub();
      const olderTask = created.redeployment!.remediation!.task;
      const run = await flowRuns.claim({
        pool: cluster.workPool,
        owner: 'agent',
        leaseSeconds: 30,
      });
      const lease = { flowRunId: run!.id, owner: 'agent', attempt: 1 };
      const [apply, namespace] = olderTask.steps;
      await tasks.startStep({ stepId: apply.id, lease });
      await tasks.succeedStep({ stepId: apply.id, lease });
      await tasks.startStep({ stepId: namespace.id, lease });

      const edited = await changes.changeDeployment({
        deploymentId: created.deployment.id,
        configurationPatch: { parameters: { log_level: 'DEBUG' } },
        updatedBy: TEST_USER,
      });

      const newer = edited.redeployment!.remediation!;
      expect(newer.supersededTaskIds).toEqual([olderTask.id]);
      const older = await tasks.getTask({ taskId: olderTask.id });
      expect(
        older!.steps.map(step => [step.status, step.supersededByTaskId]),
      ).toEqual([
        ['SUCCEEDED', undefined],
        ...Array(5).fill(['SUPERSEDED', newer.task.id]),
      ]);
    });
  });
});
