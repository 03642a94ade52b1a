// @ts-check

/**
 * Utilities (docs/utilities.md): the internal drivers Styrmin ships and deploys on every
 * cluster. A driver version loaded from Styrmin's utilities directory is marked
 * `utility`, so that no user lists, loads over or deploys it; a cluster points at its
 * system environment, which holds its utilities' deployments and nothing else. Clusters
 * registered before have none (null) until the backend gives them one at start.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('styrmin_driver_versions', table => {
    table.boolean('utility').notNullable().defaultTo(false);
  });
  // A foreign key on PostgreSQL. SQLite adds one only by copying the table, which the
  // foreign keys of the tables that reference styrmin_clusters refuse; there the cluster
  // store, which alone writes the column, keeps it pointing at an environment.
  const postgres = knex.client.config.client === 'pg';
  await knex.schema.alterTable('styrmin_clusters', table => {
    const column = table.uuid('system_environment_id').nullable();
    if (postgres) {
      column.references('id').inTable('styrmin_environments');
    }
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  if (knex.client.config.client === 'pg') {
    await knex.schema.alterTable('styrmin_clusters', table => {
      table.dropForeign(['system_environment_id']);
      table.dropColumn('system_environment_id');
    });
    await knex.schema.alterTable('styrmin_driver_versions', table => {
      table.dropColumn('utility');
    });
    return;
  }
  // SQLite's own DROP COLUMN, not knex's copy of the table, which the foreign keys of the
  // rows that reference these tables refuse (see up).
  await knex.raw(
    'ALTER TABLE styrmin_clusters DROP COLUMN system_environment_id',
  );
  await knex.raw('ALTER TABLE styrmin_driver_versions DROP COLUMN utility');
};
