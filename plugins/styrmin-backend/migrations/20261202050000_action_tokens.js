// @ts-check

/**
 * Action tokens: styrmin_action_tokens, the API tokens that the agent gives the driver
 * actions of a run (docs/driver-api.md, "Calling the API from an action"). Each is stored
 * as its sha256 only, with what it may act on: one deployment, and only while the flow run
 * it was issued for is RUNNING at the claim it was issued under (`run_attempt`), and until
 * `expires_at` at the latest. A deleted run or deployment takes its tokens along.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_action_tokens', table => {
    table.uuid('id').notNullable().primary();
    table.string('token_hash', 64).notNullable();
    table
      .uuid('deployment_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_deployments')
      .onDelete('CASCADE');
    table
      .uuid('flow_run_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_flow_runs')
      .onDelete('CASCADE');
    table.integer('run_attempt').notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['flow_run_id'], 'styrmin_action_tokens_flow_run_id');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_action_tokens');
};
