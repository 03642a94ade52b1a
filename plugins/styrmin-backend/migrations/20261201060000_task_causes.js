// @ts-check

/**
 * The cause of a task that no user started directly: styrmin_tasks.cause, a JSON object
 * (kind, message, the user who made the change, the record it was made on), or null for a
 * task that its author started. Nullable, so the tasks recorded before it keep null.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('styrmin_tasks', table => {
    table.text('cause').nullable();
  });
};

/**
 * Drops the column in place on both databases (SQLite has `drop column` since 3.35): knex's
 * own dropColumn copies the table on SQLite, and dropping the old table with foreign keys on
 * would cascade to the steps.
 *
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.raw('alter table styrmin_tasks drop column cause');
};
