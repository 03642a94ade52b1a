import { Knex } from 'knex';

/** The ids of the deployments that {@link insertTestDeployments} records. */
export const D1 = '00000000-0000-4000-8000-0000000000d1';
export const D2 = '00000000-0000-4000-8000-0000000000d2';
export const D3 = '00000000-0000-4000-8000-0000000000d3';

const id = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Deployments D1, D2 and D3 as bare rows, with the cluster, environment and driver version
 * they need, on a migrated database: what the tasks of the queue's tests act on (a task's
 * deployment is a foreign key).
 */
export async function insertTestDeployments(knex: Knex): Promise<void> {
  const at = new Date('2026-12-01T12:00:00Z');
  const who = { created_by: 'user:default/ada', created_at: at };
  const updated = { updated_by: 'user:default/ada', updated_at: at };
  const digest = `sha256:${'a'.repeat(64)}`;
  await knex('styrmin_drivers').insert({ name: 'infrahub', created_at: at });
  await knex('styrmin_driver_bundles').insert({
    digest,
    archive: Buffer.from([1]),
    file_count: 1,
    size_bytes: 1,
    created_at: at,
  });
  await knex('styrmin_driver_versions').insert({
    id: id(100),
    driver_name: 'infrahub',
    version: '1.0.0',
    spec: '{}',
    digest,
    source_type: 'UPLOAD',
    loaded_by: 'user:default/ada',
    loaded_at: at,
  });
  await knex('styrmin_clusters').insert({
    id: id(1),
    name: 'local',
    settings: '{}',
    agent_token_hash: 'f'.repeat(64),
    agent_token_rotated_at: at,
    version: 1,
    ...who,
    ...updated,
  });
  await knex('styrmin_environments').insert({
    id: id(2),
    name: 'dev',
    cluster_id: id(1),
    overrides: '{}',
    version: 1,
    ...who,
    ...updated,
  });
  await knex('styrmin_deployments').insert(
    [D1, D2, D3].map((deploymentId, n) => ({
      id: deploymentId,
      environment_id: id(2),
      name: `deployment-${n + 1}`,
      driver_name: 'infrahub',
      driver_version: '1.0.0',
      configuration: '{}',
      state: 'PENDING',
      version: 1,
      ...who,
      ...updated,
    })),
  );
}
