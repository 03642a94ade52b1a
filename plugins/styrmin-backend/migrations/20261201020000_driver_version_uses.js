// @ts-check

/**
 * What a driver version uses of the context (docs/context.md, "What a deployment uses").
 *
 * - styrmin_driver_versions.uses: the context paths that its values template and actions
 *   read, as a JSON list of key lists, found when the version is loaded. Null for the
 *   versions loaded before this migration: their instances keep the whole context, as
 *   before, until the same version is loaded again, which stores what it uses. (A
 *   migration cannot parse the templates: that is the code's, which a migration, being
 *   history, must not import.)
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('styrmin_driver_versions', table => {
    table.text('uses').nullable();
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.alterTable('styrmin_driver_versions', table => {
    table.dropColumn('uses');
  });
};
