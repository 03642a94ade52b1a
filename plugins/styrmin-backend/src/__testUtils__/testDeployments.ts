import { Knex } from 'knex';

/** The ids of the deployments that {@link insertTestDeployments} records. */
export const D1 = '00000000-0000-4000-8000-0000000000d1';
export const D2 = '00000000-0000-4000-8000-0000000000d2';
export const D3 = '00000000-0000-4000-8000-0000000000d3';

/** A UUID that reads as its number, for bare rows. */
export const testId = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** When the bare rows were made. */
export const TEST_ROWS_AT = new Date('2026-12-01T12:00:00Z');

const who = { created_by: 'user:default/ada', created_at: TEST_ROWS_AT };
const updated = { updated_by: 'user:default/ada', updated_at: TEST_ROWS_AT };

/**
 * As bare rows: the driver version infrahub 1.0.0 (id 100), the cluster `local` (id 1) and its
 * environment `dev` (id 2), what a deployment row needs. Only columns that every schema
 * since 20261130030000_core_records has, so that migration tests can use them too.
 */
export async function insertTestEnvironment(knex: Knex): Promise<void> {
  const digest = `sha256:${'a'.repeat(64)}`;
  await knex('styrmin_drivers').insert({
    name: 'infrahub',
    created_at: TEST_ROWS_AT,
  });
  await knex('styrmin_driver_bundles').insert({
    digest,
    archive: Buffer.from([1]),
    file_count: 1,
    size_bytes: 1,
    created_at: TEST_ROWS_AT,
  });
  await knex('styrmin_driver_versions').insert({
    id: testId(100),
    driver_name: 'infrahub',
    version: '1.0.0',
    spec: '{}',
    digest,
    source_type: 'UPLOAD',
    loaded_by: 'user:default/ada',
    loaded_at: TEST_ROWS_AT,
  });
  await knex('styrmin_clusters').insert({
    id: testId(1),
    name: 'local',
    settings: '{}',
    agent_token_hash: 'f'.repeat(64),
    agent_token_rotated_at: TEST_ROWS_AT,
    version: 1,
    ...who,
    ...updated,
  });
  await knex('styrmin_environments').insert({
    id: testId(2),
    name: 'dev',
    cluster_id: testId(1),
    overrides: '{}',
    version: 1,
    ...who,
    ...updated,
  });
}

/**
 * Deployments D1, D2 and D3 as bare rows in the environment of {@link insertTestEnvironment},
 * on a migrated database: what the tasks of the queue's tests act on (a task's
 * deployment is a foreign key).
 */
export async function insertTestDeployments(knex: Knex): Promise<void> {
  await insertTestEnvironment(knex);
  await knex('styrmin_deployments').insert(
    [D1, D2, D3].map((id, n) => testDeploymentRow(id, `deployment-${n + 1}`)),
  );
}

/**
 * A SCHEDULED CREATE_INSTANCE flow run in the pool of the cluster of
 * {@link insertTestEnvironment}, as a bare row (columns every schema since
 * 20261130010000_tasks_and_flow_runs has).
 */
export function testFlowRunRow(id: string) {
  return {
    id,
    pool: `cluster:${testId(1)}`,
    flow_name: 'CREATE_INSTANCE',
    parameters: '{}',
    state: 'SCHEDULED',
    attempts: 0,
    max_attempts: 3,
    created_at: TEST_ROWS_AT,
  };
}

/** A PENDING infrahub 1.0.0 deployment in the environment of {@link insertTestEnvironment}, as a bare row. */
export function testDeploymentRow(id: string, name: string) {
  return {
    id,
    environment_id: testId(2),
    name,
    driver_name: 'infrahub',
    driver_version: '1.0.0',
    configuration: '{}',
    state: 'PENDING',
    version: 1,
    ...who,
    ...updated,
  };
}
