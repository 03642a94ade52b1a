// @ts-check

/**
 * Restore points and rollback (issue 19, item 2).
 *
 * styrmin_environments.settings: the `EnvironmentSettings` as JSON (backup_before_upgrade,
 * rollback_on_failed_upgrade); `{}` for the environments before it, which is what they
 * did: no restore point, no automatic rollback.
 *
 * styrmin_instances:
 * - configuration: the `DeploymentConfiguration` the instance was generated from, sealed
 *   as the deployment's is (secret values inside): what a rollback to the instance
 *   declares again. Null for the instances before it, which a rollback cannot target.
 * - restore_point_backup_id: the backup its upgrade took before changing anything
 *   (styrmin_backups). No foreign key: a backup's record goes when its deletion
 *   succeeds, and the instance then has no usable restore point, which readers see as
 *   a missing backup.
 * - rollback_to_instance_id: for an instance that a rollback made, the earlier instance
 *   whose declared state it applies again.
 * - restores_backup_id: for a rollback with data, the restore point it restores in place
 *   once it is applied.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('styrmin_environments', table => {
    table.text('settings').notNullable().defaultTo('{}');
  });
  await knex.schema.alterTable('styrmin_instances', table => {
    table.text('configuration').nullable();
    table.uuid('restore_point_backup_id').nullable();
    table.uuid('rollback_to_instance_id').nullable();
    table.uuid('restores_backup_id').nullable();
  });
};

/**
 * The columns go with `alter table ... drop column`, which PostgreSQL and SQLite (3.35 and
 * later) both run in place: knex's dropColumn copies a SQLite table, which the foreign
 * keys that reference the environments and the instances refuse.
 *
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  for (const column of [
    'restores_backup_id',
    'rollback_to_instance_id',
    'restore_point_backup_id',
    'configuration',
  ]) {
    await knex.raw('alter table ?? drop column ??', [
      'styrmin_instances',
      column,
    ]);
  }
  await knex.raw('alter table ?? drop column ??', [
    'styrmin_environments',
    'settings',
  ]);
};
