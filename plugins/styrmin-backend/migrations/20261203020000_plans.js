// @ts-check

/**
 * Plans: styrmin_plans, the plan of a change of a deployment (create, edit, upgrade, a
 * component's overrides) computed before it is applied (docs/api.md, "Plans"). A plan
 * keeps the change it was computed for (`change`, sealed: a configuration or prompt
 * answers may hold secret values), what it would do (`plan`, secret values masked), and
 * the basis it was computed from with its `fingerprint`, which applying it compares. It
 * is applied once (`applied_at`, the task that applies it), and not after `expires_at`.
 * A deleted environment or deployment takes its plans along.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_plans', table => {
    table.uuid('id').notNullable().primary();
    table
      .uuid('environment_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_environments')
      .onDelete('CASCADE');
    // Null for a plan that creates the deployment.
    table
      .uuid('deployment_id')
      .nullable()
      .references('id')
      .inTable('styrmin_deployments')
      .onDelete('CASCADE');
    table.string('kind', 32).notNullable();
    table.text('change').notNullable();
    table.text('plan').notNullable();
    table.text('basis').notNullable();
    table.string('fingerprint', 71).notNullable();
    table.string('created_by').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.string('applied_by').nullable();
    table.timestamp('applied_at', { useTz: true }).nullable();
    table
      .uuid('applied_task_id')
      .nullable()
      .references('id')
      .inTable('styrmin_tasks')
      .onDelete('SET NULL');
    table.index(['deployment_id'], 'styrmin_plans_deployment_id');
    table.index(['expires_at'], 'styrmin_plans_expires_at');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_plans');
};
