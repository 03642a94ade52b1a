import {
  AgentFlowRun,
  AgentProtocolClient,
  StyrminApiError,
  StyrminClient,
} from '@styrmin/sdk';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import {
  runScripted,
  ScriptedRunOptions,
} from '../__testUtils__/scriptedAgent';
import { BACKUP_SCHEDULER_TASKS } from './BackupScheduler';

jest.setTimeout(120_000);

/** The sandbox's object store, as the embedded default registers it. */
const SANDBOX_STORE = {
  bucket: 'velero',
  region: 'minio',
  endpointUrl: 'http://127.0.0.1:9000',
  pathStyle: true,
  credentialsSecret: { name: 'cloud-credentials', key: 'cloud' },
};

describe('backups over the agent protocol', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
      });
    });

    /** Claims the next run of the pool and plays it to its end. */
    async function play(
      agent: AgentProtocolClient,
      options: ScriptedRunOptions & {
        beforeRun?: (run: AgentFlowRun) => Promise<void>;
      } = {},
    ) {
      const owner = `agent-${randomUUID()}`;
      const run = (await agent.claim({ owner }))!;
      await options.beforeRun?.(run);
      const outcome = await runScripted(agent, run, owner, options);
      return { run, outcome };
    }

    /**
     * A cluster with an environment that backs up to a location of the sandbox's store,
     * and a RUNNING infrahub 1.0.0 in it.
     */
    async function runningInfrahub() {
      const { styrmin } = backend;
      const { cluster, agent } = await backend.newCluster();
      const location = await styrmin.backupStorageLocations.create({
        name: `bsl-${randomUUID().slice(0, 8)}`,
        ...SANDBOX_STORE,
      });
      const environment = await styrmin.createEnvironment({
        name: `b-${randomUUID().slice(0, 8)}`,
        cluster: cluster.id,
        backupStorageLocation: location.name,
      });
      const { deployment } = await styrmin.createDeployment({
        environment: environment.id,
        name: 'infrahub',
        driver: 'infrahub',
        driverVersion: '1.0.0',
        configuration: INFRAHUB_CONFIGURATION,
      });
      await expect(play(agent)).resolves.toMatchObject({
        outcome: 'SUCCEEDED',
      });
      return { cluster, agent, location, environment, deployment };
    }

    const deploymentOf = async (id: string) =>
      (await backend.styrmin.deployment({ id }))!;

    /** A Velero phase report, as the agent sends one. */
    const report = (phase: string, more: object = {}) => ({
      phase: phase as any,
      observedAt: backend.clock.now().toISOString(),
      ...more,
    });

    /** Backs up through the API, and plays the agent's backup to Completed. */
    async function backUp(agent: AgentProtocolClient, deploymentId: string) {
      const backup = await backend.styrmin.backups.create({
        deployment: deploymentId,
      });
      await play(agent, {
        onRun: () =>
          agent.reportBackupStatus({
            backupId: backup.id,
            ...report('Completed', {
              itemsBackedUp: 12,
              totalItems: 12,
              sizeBytes: 4096,
              completedAt: backend.clock.now().toISOString(),
            }),
          }),
      });
      return backup;
    }

    it('backs up the active instance, and restores it in place through RESTORING, the active instance unchanged', async () => {
      const { agent, location, deployment } = await runningInfrahub();
      const before = await deploymentOf(deployment.id);

      const backup = await backend.styrmin.backups.create({
        deployment: deployment.id,
        ttl: '7d',
      });
      expect(backup).toMatchObject({
        trigger: 'ON_DEMAND',
        createdBy: 'user:default/ada',
        phase: null,
        ttl: '168h0m0s',
        instance: { id: before.activeInstance!.id },
        restorable: false,
      });
      const { run } = await play(agent, {
        onRun: async () => {
          await agent.reportBackupStatus({
            backupId: backup.id,
            ...report('InProgress', { itemsBackedUp: 3, totalItems: 12 }),
          });
          const progress = (await backend.styrmin.backups.get(backup.id))!;
          expect(progress).toMatchObject({
            phase: 'InProgress',
            itemsBackedUp: 3,
            totalItems: 12,
          });
          await agent.reportBackupStatus({
            backupId: backup.id,
            ...report('Completed', {
              itemsBackedUp: 12,
              totalItems: 12,
              sizeBytes: 4096,
              warnings: ['a pod was not running'],
            }),
          });
        },
      });
      expect(run).toMatchObject({
        flow: 'CREATE_BACKUP',
        task: {
          type: 'create_backup',
          steps: [{ name: 'Back up the namespace' }],
        },
        parameters: {
          deploymentId: deployment.id,
          backupId: backup.id,
          veleroBackupName: backup.veleroName,
          storageLocation: location.name,
          ttl: '168h0m0s',
          namespace: `styrmin-${deployment.id}`,
          labels: {
            'styrmin.io/deployment-id': deployment.id,
            'styrmin.io/instance-id': before.activeInstance!.id,
            'styrmin.io/backup-id': backup.id,
          },
        },
      });
      const completed = (await backend.styrmin.backups.get(backup.id))!;
      expect(completed).toMatchObject({
        phase: 'Completed',
        sizeBytes: 4096,
        warnings: 1,
        errors: 0,
        restorable: true,
        refusal: null,
        task: { result: 'SUCCEEDED' },
      });
      expect((await deploymentOf(deployment.id)).state).toBe('RUNNING');

      const restore = await backend.styrmin.backups.restore(backup.id);
      expect((await deploymentOf(deployment.id)).state).toBe('RESTORING');
      const restoring = await play(agent, {
        onRun: async step => {
          if (step.name === 'Restore the namespace') {
            await agent.reportRestoreStatus({
              restoreId: restore.id,
              ...report('Completed', { itemsRestored: 12, totalItems: 12 }),
            });
          }
        },
      });
      expect(restoring.run).toMatchObject({
        flow: 'RESTORE_BACKUP',
        task: {
          type: 'restore_backup',
          steps: [
            { name: 'Stop the components' },
            { name: 'Remove the volume claims of the backup' },
            { name: 'Restore the namespace' },
            { name: 'Start the components' },
          ],
        },
        parameters: {
          restoreId: restore.id,
          backupId: backup.id,
          veleroBackupName: backup.veleroName,
          namespace: `styrmin-${deployment.id}`,
          sourceNamespace: `styrmin-${deployment.id}`,
          components: expect.arrayContaining(['server']),
        },
      });
      const after = await deploymentOf(deployment.id);
      expect(after.state).toBe('RUNNING');
      expect(after.activeInstance!.id).toBe(before.activeInstance!.id);
      expect(
        await backend.styrmin.backups.getRestore(restore.id),
      ).toMatchObject({
        phase: 'Completed',
        itemsRestored: 12,
        backup: { id: backup.id },
      });
    });

    it('ends a restore that fails FAILED with the reason, the active instance unchanged', async () => {
      const { agent, deployment } = await runningInfrahub();
      const before = await deploymentOf(deployment.id);
      const backup = await backUp(agent, deployment.id);

      await backend.styrmin.backups.restore(backup.id);
      await play(agent, {
        fail: {
          step: 'Remove the volume claims of the backup',
          error: 'the claim data-db-0 would not go',
        },
      });

      const after = await deploymentOf(deployment.id);
      expect(after).toMatchObject({
        state: 'FAILED',
        stateReason: 'restore_backup failed: the claim data-db-0 would not go',
        activeInstance: { id: before.activeInstance!.id },
      });
      const [restore] = (await backend.styrmin.backups.restores({
        id: deployment.id,
      }))!;
      expect(restore).toMatchObject({
        phase: 'Failed',
        failureReason: 'the claim data-db-0 would not go',
      });
    });

    it('fails a backup against a location the store refuses, with Velero’s reason in words', async () => {
      const { agent, location, deployment } = await runningInfrahub();
      const refused =
        'BackupStorageLocation "bsl" is unavailable: api error SignatureDoesNotMatch';
      const { locations } = await agent.backupStorageLocations();
      expect(locations).toEqual([
        {
          id: location.id,
          name: location.name,
          provider: 'S3',
          bucket: 'velero',
          prefix: null,
          region: 'minio',
          endpointUrl: 'http://127.0.0.1:9000',
          pathStyle: true,
          credentials: { secretName: 'cloud-credentials', key: 'cloud' },
          configured: true,
        },
      ]);
      await expect(
        agent.reportBackupStorageLocationStatus({
          id: location.id,
          phase: 'Unavailable',
          message: refused,
          observedAt: backend.clock.now().toISOString(),
        }),
      ).resolves.toEqual({ changed: true });
      expect(
        (await backend.styrmin.backupStorageLocations.get({ id: location.id }))!
          .clusters,
      ).toMatchObject([{ phase: 'Unavailable', message: refused }]);

      const backup = await backend.styrmin.backups.create({
        deployment: deployment.id,
      });
      const validation = `backup can't be created because BackupStorageLocation ${location.name} is in Unavailable status.`;
      await play(agent, {
        onRun: () =>
          agent.reportBackupStatus({
            backupId: backup.id,
            ...report('FailedValidation', { failureReason: validation }),
          }),
        fail: { step: 'Back up the namespace', error: validation },
      });

      expect(await backend.styrmin.backups.get(backup.id)).toMatchObject({
        phase: 'FailedValidation',
        failureReason: validation,
        restorable: false,
        refusal:
          'The backup is FailedValidation: only a Completed backup can be restored',
        task: { result: 'FAILED' },
      });
      // A backup beside the application says nothing of whether it runs.
      expect((await deploymentOf(deployment.id)).state).toBe('RUNNING');
    });

    it('keeps the history of both instances across an upgrade, newest first, and after the deletion', async () => {
      const { agent, deployment } = await runningInfrahub();
      const first = await backUp(agent, deployment.id);
      const upgrade = await backend.styrmin.upgradeDeployment({
        id: deployment.id,
        driverVersion: '1.1.0',
      });
      await play(agent);
      const second = await backUp(agent, deployment.id);

      const history = async (client: StyrminClient) =>
        (await client.backups.list({ id: deployment.id }))!.nodes.map(
          backup => [backup.id, backup.instance.number],
        );
      expect(await history(backend.styrmin)).toEqual([
        [second.id, 2],
        [first.id, 1],
      ]);
      expect(upgrade.instance?.number).toBe(2);

      await backend.styrmin.deleteDeployment({ id: deployment.id });
      await play(agent);
      expect((await deploymentOf(deployment.id)).state).toBe('DELETED');
      expect(await history(backend.readOnly)).toEqual([
        [second.id, 2],
        [first.id, 1],
      ]);
      await expect(backend.styrmin.backups.restore(first.id)).rejects.toThrow(
        expect.objectContaining({ code: 'CONFLICT' }),
      );
    });

    it('lets a read-only user list backups and read their steps, and refuses the changes', async () => {
      const { agent, deployment } = await runningInfrahub();
      const backup = await backUp(agent, deployment.id);

      const read = (await backend.readOnly.backups.get(backup.id))!;
      expect(read.task!.steps).toMatchObject([
        { name: 'Back up the namespace', status: 'SUCCEEDED' },
      ]);
      expect(
        (await backend.readOnly.backups.list({ id: deployment.id }))!.nodes,
      ).toHaveLength(1);
      const refusals = [
        () => backend.readOnly.backups.create({ deployment: deployment.id }),
        () => backend.readOnly.backups.restore(backup.id),
        () => backend.readOnly.backups.delete(backup.id),
        () =>
          backend.readOnly.backups.setSchedule({
            deployment: deployment.id,
            cron: '0 3 * * *',
          }),
        () => backend.readOnly.backupStorageLocations.create({ name: 'other' }),
      ];
      for (const refusal of refusals) {
        await expect(refusal()).rejects.toThrow(
          expect.objectContaining({ code: 'FORBIDDEN' }),
        );
      }
    });

    it('takes a scheduled backup once per slot, expires it by its TTL, and deletes the record when the deletion succeeds', async () => {
      const { agent, deployment } = await runningInfrahub();
      await backend.styrmin.backups.setSchedule({
        deployment: deployment.id,
        cron: '* * * * *',
        ttl: '1h',
      });
      backend.clock.advance({ seconds: 61 });

      await backend.runScheduledTask(BACKUP_SCHEDULER_TASKS.schedules);
      await backend.runScheduledTask(BACKUP_SCHEDULER_TASKS.schedules);
      const [scheduled, ...others] = (await backend.styrmin.backups.list({
        id: deployment.id,
      }))!.nodes;
      expect(others).toEqual([]);
      expect(scheduled).toMatchObject({
        trigger: 'SCHEDULE',
        createdBy: 'plugin:styrmin/backup-scheduler',
        ttl: '1h0m0s',
        scheduledFor: expect.any(String),
      });
      // Its task says that a schedule started it.
      await expect(
        backend.styrmin.task(scheduled.task!.id),
      ).resolves.toMatchObject({
        cause: {
          kind: 'SCHEDULE',
          message: 'scheduled backup',
          causedBy: null,
        },
      });
      await play(agent, {
        onRun: () =>
          agent.reportBackupStatus({
            backupId: scheduled.id,
            ...report('Completed'),
          }),
      });

      // Paused: the expiry is all that runs from now on.
      await backend.styrmin.backups.setSchedule({
        deployment: deployment.id,
        cron: '* * * * *',
        ttl: '1h',
        paused: true,
      });
      backend.clock.advance({ seconds: 3601 });
      await backend.runScheduledTask(BACKUP_SCHEDULER_TASKS.schedules);
      await backend.runScheduledTask(BACKUP_SCHEDULER_TASKS.expiry);
      const expiring = (await backend.styrmin.backups.get(scheduled.id))!;
      expect(expiring.deletion).toMatchObject({ type: 'delete_backup' });
      const { run } = await play(agent);
      expect(run).toMatchObject({
        flow: 'DELETE_BACKUP',
        parameters: {
          backupId: scheduled.id,
          veleroBackupName: scheduled.veleroName,
        },
        task: {
          steps: [{ name: 'Delete the backup from its storage location' }],
        },
      });
      expect(await backend.styrmin.backups.get(scheduled.id)).toBeUndefined();
      expect(
        (await backend.styrmin.backups.list({ id: deployment.id }))!.nodes,
      ).toEqual([]);
    });

    it('answers the reports of another cluster’s backups NOT_FOUND', async () => {
      const { agent, deployment } = await runningInfrahub();
      const backup = await backend.styrmin.backups.create({
        deployment: deployment.id,
      });
      const other = await backend.newCluster();
      await expect(
        other.agent.reportBackupStatus({
          backupId: backup.id,
          ...report('Completed'),
        }),
      ).rejects.toThrow(StyrminApiError);
      await expect(
        agent.reportBackupStatus({ backupId: backup.id, ...report('New') }),
      ).resolves.toEqual({ changed: true });
      // The same report again, and an older one, write nothing.
      await expect(
        agent.reportBackupStatus({
          backupId: backup.id,
          phase: 'New',
          observedAt: new Date(0).toISOString(),
        }),
      ).resolves.toEqual({ changed: false });
    });
  });
});
