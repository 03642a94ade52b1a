import { StyrminClient } from '@styrmin/sdk';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setUpBackupLocation } from './__testUtils__/e2eBackups';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import {
  FAILING_VERSION,
  failingPostHookDriver,
} from './__testUtils__/failingPostHookDriver';
import { ClusterView, OperatorSandbox } from './__testUtils__/operatorSandbox';
import { DEFAULT_OPERATOR_NAMESPACE } from './styrminDeployment/StyrminDeployment';

jest.setTimeout(300_000);

const POST_HOOK = 'Run the upgrade post-hook';

/*
 * Restore points and the automatic rollback end to end (issue 19's done-when): a real
 * backend (the styrmin plugin on SQLite), kube-sandbox with Flux and Velero (its object
 * store on loopback), the agent in this process. In an environment with
 * backup_before_upgrade: always and rollback_on_failed_upgrade, an upgrade to a test
 * driver version whose post-hook exits non-zero takes a restore point first, changes the
 * volume data (its migration), fails, and rolls back by itself with the data: the
 * deployment's volume data and active configuration are those of before the upgrade.
 */
describe('restore points and rollback end to end', () => {
  const world = useE2eWorld({ velero: true });
  let sandbox: OperatorSandbox;
  let view: ClusterView;
  let client: StyrminClient;

  beforeAll(() => {
    ({ sandbox, view, client } = world);
  });

  it('rolls an upgrade whose post-hook fails back with its data, and the timeline shows the restore point and the rollback', async () => {
    await setUpBackupLocation(world);
    const dev = (await client.environment({ name: 'dev' }))!;
    await client.updateEnvironment({
      id: dev.id,
      settings: {
        backup_before_upgrade: 'always',
        rollback_on_failed_upgrade: true,
      },
    });
    await world.json([
      'drivers',
      'load',
      await failingPostHookDriver(world.work),
    ]);

    const deploymentId = await world.createInfrahub('dev');
    const namespace = `styrmin-${deploymentId}`;
    const before = await world.eventually(async () => {
      const deployment = await client.deployment({ id: deploymentId });
      return deployment?.state === 'RUNNING' && deployment;
    }, 'infrahub to run');
    const claim = (
      await view.core.listNamespacedPersistentVolumeClaim({ namespace })
    ).items[0].metadata!.name!;
    const readData = async () =>
      (await sandbox.volumes.read(namespace, claim, 'graph/rows')).toString();
    await sandbox.volumes.write(namespace, claim, 'graph/rows', 'before\n');
    const resource = () =>
      view.read(
        'styrmin.io/v1alpha1',
        'StyrminDeployment',
        deploymentId,
        DEFAULT_OPERATOR_NAMESPACE,
      );
    const resourceBefore = await resource();

    const marker = path.join(world.work, 'migrated');
    const { task: upgrade } = await client.upgradeDeployment({
      id: deploymentId,
      driverVersion: FAILING_VERSION,
      prompts: { 'run-migrations': { migrated_marker: marker } },
    });
    expect(upgrade!.steps[0].name).toBe('Take the restore point');
    // The migration changes the data once the restore point is taken.
    await world.eventually(async () => {
      const tree = await client.taskTree(upgrade!.id);
      return (
        tree?.steps.find(s => s.name === 'Run the upgrade core-hook')
          ?.status === 'RUNNING'
      );
    }, 'the upgrade to migrate');
    await sandbox.volumes.write(namespace, claim, 'graph/rows', 'migrated\n');
    await fs.writeFile(marker, '');

    const rolledBack = await world.eventually(async () => {
      const [newest] = (await client.deploymentTimeline({ id: deploymentId }))!
        .nodes;
      return (
        newest.number === 3 && newest.task?.result === 'SUCCEEDED' && newest
      );
    }, 'the rollback to succeed');

    const failedTree = (await client.taskTree(upgrade!.id))!;
    expect(failedTree.result).toBe('FAILED');
    expect(failedTree.steps.find(s => s.name === POST_HOOK)!.status).toBe(
      'FAILED',
    );
    const [rollback, upgraded, first] = (await client.deploymentTimeline({
      id: deploymentId,
    }))!.nodes;
    expect(upgraded).toMatchObject({
      number: 2,
      driverVersion: { version: FAILING_VERSION },
      restorePoint: { phase: 'Completed' },
      task: { id: upgrade!.id, result: 'FAILED' },
    });
    expect(rollback).toEqual(rolledBack);
    expect(rollback).toMatchObject({
      driverVersion: { version: '1.0.0' },
      rollbackTo: { number: 1 },
      restoresData: true,
      task: {
        cause: {
          kind: 'ROLLBACK',
          record: { type: 'task', id: upgrade!.id, name: POST_HOOK },
        },
      },
    });
    const restorePoint = (await client.backups.get(upgraded.restorePoint!.id))!;
    expect(restorePoint.instance.id).toBe(first.id);

    // The data and the active configuration are those of before the upgrade.
    expect(await readData()).toBe('before\n');
    const after = (await client.deployment({ id: deploymentId }))!;
    expect(after).toMatchObject({
      state: 'RUNNING',
      driverVersion: before.driverVersion,
      configuration: before.configuration,
    });
    expect((await client.instance(after.activeInstance!.id))!.context).toEqual(
      (await client.instance(before.activeInstance!.id))!.context,
    );
    // The cluster runs the rolled-back instance: its driver version and application.
    const spec = (await resource())!.spec;
    expect(spec).toMatchObject({
      instanceId: after.activeInstance!.id,
      driver: resourceBefore!.spec.driver,
      context: { app: resourceBefore!.spec.context.app },
    });
  });
});
