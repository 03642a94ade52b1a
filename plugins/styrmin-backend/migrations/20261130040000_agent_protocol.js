// @ts-check

/**
 * The observed state that agents report over the agent protocol (docs/agent-protocol.md).
 *
 * - styrmin_deployment_statuses: DeploymentStatus, the latest `.status` of a deployment's
 *   StyrminDeployment resource, one row per deployment.
 * - styrmin_pod_statuses: PodStatus, the observed state of one pod, one row per deployment
 *   and pod name.
 *
 * Both are written only when a report changes them; `observed_at` is when the agent read
 * the snapshot that wrote the row, so that a late report (observed before) changes nothing.
 * Deleting a deployment row (never done: deployments stay as tombstones) takes them along.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_deployment_statuses', table => {
    table
      .uuid('deployment_id')
      .notNullable()
      .primary()
      .references('id')
      .inTable('styrmin_deployments')
      .onDelete('CASCADE');
    // The resource's `.status`, a JSON object as text.
    table.text('status').notNullable();
    table.timestamp('observed_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('styrmin_pod_statuses', table => {
    table
      .uuid('deployment_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_deployments')
      .onDelete('CASCADE');
    table.string('pod_name', 253).notNullable();
    table.string('phase', 16).notNullable();
    table.boolean('ready').notNullable();
    table.integer('restarts').notNullable();
    table.timestamp('started_at', { useTz: true }).nullable();
    // The driver component whose label selector matches the pod.
    table.string('component', 63).nullable();
    // Why it is not ready, when a container says so.
    table.text('reason').nullable();
    table.timestamp('observed_at', { useTz: true }).notNullable();
    table.primary(['deployment_id', 'pod_name']);
    table.check(
      "?? in ('Pending', 'Running', 'Succeeded', 'Failed', 'Unknown')",
      ['phase'],
      'styrmin_pod_statuses_phase',
    );
    table.check('?? >= 0', ['restarts'], 'styrmin_pod_statuses_restarts');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_pod_statuses');
  await knex.schema.dropTable('styrmin_deployment_statuses');
};
