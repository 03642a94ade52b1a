// @ts-check

/**
 * Lines on a step: styrmin_step_lines, short lines that say what a step did (the Job that
 * an action's executeCommands deleted, the namespace an instance's first step made, the
 * HelmRelease revision it waited for), in the order the agent wrote them. Every reader of
 * the task sees them, so the server redacts them as it redacts a step's errors. The lines
 * are those of the step's latest ended attempt: each end of a step replaces them.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_step_lines', table => {
    table
      .uuid('step_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_steps')
      .onDelete('CASCADE');
    // The line's place among the step's lines, from 0.
    table.integer('position').notNullable();
    table.text('line').notNullable();
    table.primary(['step_id', 'position']);
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_step_lines');
};
