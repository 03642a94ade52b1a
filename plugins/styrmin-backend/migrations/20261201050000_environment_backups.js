// @ts-check

/**
 * Environment backups (docs/api.md, "Environment backups").
 *
 * - styrmin_environment_backups: one environment backup, taken in one operation: the
 *   environment it is of, the environment's configuration at backup time (its name, cluster,
 *   overrides and backup storage location, as JSON), the declared state of every eligible
 *   deployment (id, name, driver version, configuration with the application version,
 *   parameters and component overrides, and the id of its constituent backup, as a JSON
 *   list), who took it and when. Its status is computed from the constituents (the rows of
 *   styrmin_backups whose environment_backup_id names it) on every read and never stored.
 *   Deleting it records the deletion of each constituent and removes the row; the
 *   constituents go when their deletions succeed, so environment_backup_id has no foreign
 *   key.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_environment_backups', table => {
    table.uuid('id').notNullable().primary();
    table
      .uuid('environment_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_environments');
    table.text('environment').notNullable();
    table.text('deployments').notNullable();
    table.string('created_by', 255).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    // The environment backups of an environment, newest first.
    table.index(
      ['environment_id', 'created_at', 'id'],
      'styrmin_environment_backups_history_idx',
    );
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_environment_backups');
};
