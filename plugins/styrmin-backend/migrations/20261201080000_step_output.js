// @ts-check

/**
 * The output of a step that succeeded: styrmin_steps.output_tail, the end of what the
 * step's command printed (a run_job task's Job), within the same bounds as the output tails
 * of failed attempts (styrmin_step_errors.output_tail) and redacted the same way. A step
 * that SUCCEEDED never runs again, so one column holds it. Nullable: the steps recorded
 * before it, and those that run no command, keep null.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('styrmin_steps', table => {
    table.text('output_tail').nullable();
  });
};

/**
 * Drops the column in place on both databases (SQLite has `drop column` since 3.35), as
 * 20261201060000_task_causes does and for the same reason.
 *
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.raw('alter table styrmin_steps drop column output_tail');
};
