import {
  mockServices,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import { ManualClock } from '../../__testUtils__/ManualClock';
import {
  D1,
  D2,
  insertTestDeployments,
  testFlowRunRow,
  testId,
  TEST_ROWS_AT,
} from '../../__testUtils__/testDeployments';
import { DatabaseBackupStorageLocationStore } from '../../backupStorageLocations/DatabaseBackupStorageLocationStore';
import { DatabaseBackupScheduleStore } from '../DatabaseBackupScheduleStore';
import { DatabaseBackupStore } from '../DatabaseBackupStore';
import { DatabaseRestoreStore } from '../DatabaseRestoreStore';

/** Who the test records say made a change. */
export const BACKUP_TEST_USER = 'user:default/ada';

/** The instances of {@link createBackupTestRecords}: two of D1 (before and after an upgrade), one of D2. */
export const D1_FIRST_INSTANCE = testId(201);
export const D1_SECOND_INSTANCE = testId(202);
export const D2_INSTANCE = testId(203);

/**
 * The backup stores on a fresh test database, on one manual clock, with what backups
 * need as bare rows: deployments D1 and D2 (see insertTestDeployments), their instances,
 * a configured location `minio`, and `newTask` to make the task of a backup or restore.
 */
export async function createBackupTestRecords(options: {
  databases: TestDatabases;
  databaseId: TestDatabaseId;
}) {
  const knex = await options.databases.init(options.databaseId);
  const clock = new ManualClock();
  const database = mockServices.database({ knex });
  const stores = {
    knex,
    clock,
    locations: await DatabaseBackupStorageLocationStore.create({
      database,
      clock,
    }),
    backups: await DatabaseBackupStore.create({ database, clock }),
    restores: await DatabaseRestoreStore.create({ database, clock }),
    schedules: await DatabaseBackupScheduleStore.create({ database, clock }),
  };
  await insertTestDeployments(knex);
  await knex('styrmin_instances').insert(
    [
      [D1_FIRST_INSTANCE, D1, 1],
      [D1_SECOND_INSTANCE, D1, 2],
      [D2_INSTANCE, D2, 1],
    ].map(([id, deploymentId, number]) => ({
      id,
      deployment_id: deploymentId,
      number,
      driver_name: 'infrahub',
      driver_version: '1.0.0',
      context: '{}',
      diff: '[]',
      active: number === 2 || deploymentId === D2,
      created_by: BACKUP_TEST_USER,
      created_at: TEST_ROWS_AT,
    })),
  );
  const minio = await stores.locations.createBackupStorageLocation({
    name: 'minio',
    store: {
      provider: 'S3',
      bucket: 'velero',
      endpointUrl: 'http://127.0.0.1:9000',
      pathStyle: true,
      credentials: { secretName: 'cloud-credentials', key: 'cloud' },
    },
    createdBy: BACKUP_TEST_USER,
  });
  let tasks = 0;
  /** A task of the deployment, with its flow run, as bare rows; answers its id. */
  const newTask = async (deploymentId: string): Promise<string> => {
    tasks += 1;
    const flowRunId = testId(300 + tasks);
    const taskId = testId(400 + tasks);
    await knex('styrmin_flow_runs').insert(testFlowRunRow(flowRunId));
    const { environment_id } = await knex('styrmin_deployments')
      .where({ id: deploymentId })
      .first('environment_id');
    await knex('styrmin_tasks').insert({
      id: taskId,
      type: 'create_instance',
      deployment_id: deploymentId,
      environment_id,
      flow_run_id: flowRunId,
      sequence: tasks,
      created_by: BACKUP_TEST_USER,
      created_at: TEST_ROWS_AT,
    });
    return taskId;
  };
  return { ...stores, minio, newTask };
}

/** Marks a deployment deleted, as its tombstone. */
export async function tombstone(knex: Knex, deploymentId: string) {
  await knex('styrmin_deployments')
    .where({ id: deploymentId })
    .update({ state: 'DELETED', deleted_at: TEST_ROWS_AT });
}
