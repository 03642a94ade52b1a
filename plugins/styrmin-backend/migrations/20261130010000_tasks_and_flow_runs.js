// @ts-check

/**
 * Tasks, their steps and the flow-run queue.
 *
 * - styrmin_flow_runs: one run of a flow in a work pool (`server`, or `cluster:<id>` for the
 *   agent of a cluster), claimed with a lease that its worker keeps with heartbeats.
 * - styrmin_tasks: one asynchronous operation. Its status is its flow run's state, read
 *   through the join and never stored twice.
 * - styrmin_steps: the units of work of a task, in order.
 * - styrmin_step_errors: the error of each failed attempt of a step, with the end of the
 *   failed command's output.
 * - styrmin_step_links: the tasks that a (hook) step started.
 *
 * Timestamps are written by the server from its clock, never by column defaults, so that
 * leases compare the same way on both engines (PostgreSQL stores timestamptz, SQLite the
 * milliseconds that knex binds for a Date).
 *
 * The value lists in the checks are copied here on purpose: a migration is history and must
 * not change when the enums in @styrmin/plugin-styrmin-common grow; a new value needs a new
 * migration.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_flow_runs', table => {
    table.uuid('id').notNullable().primary();
    table.string('pool', 255).notNullable();
    table.string('flow_name', 64).notNullable();
    table.text('parameters').notNullable();
    table.string('state', 16).notNullable();
    table.integer('attempts').notNullable();
    table.integer('max_attempts').notNullable();
    table.string('lease_owner', 255).nullable();
    table.timestamp('lease_expires_at', { useTz: true }).nullable();
    table.timestamp('heartbeat_at', { useTz: true }).nullable();
    table.text('reason').nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('started_at', { useTz: true }).nullable();
    table.timestamp('ended_at', { useTz: true }).nullable();
    // Claiming: the oldest SCHEDULED run of a pool. The sweep: RUNNING runs by lease expiry.
    table.index(['pool', 'state', 'created_at'], 'styrmin_flow_runs_claim_idx');
    table.index(['state', 'lease_expires_at'], 'styrmin_flow_runs_lease_idx');
    table.check(
      "?? in ('SCHEDULED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CRASHED')",
      ['state'],
      'styrmin_flow_runs_state',
    );
    table.check(
      "?? = 'server' or ?? like 'cluster:_%'",
      ['pool', 'pool'],
      'styrmin_flow_runs_pool',
    );
    table.check(
      '?? >= 1 and ?? >= 0 and ?? <= ??',
      ['max_attempts', 'attempts', 'attempts', 'max_attempts'],
      'styrmin_flow_runs_attempts',
    );
    // A lease exists exactly while the run is RUNNING.
    table.check(
      "(?? = 'RUNNING' and ?? is not null and ?? is not null) or " +
        "(?? <> 'RUNNING' and ?? is null and ?? is null)",
      [
        'state',
        'lease_owner',
        'lease_expires_at',
        'state',
        'lease_owner',
        'lease_expires_at',
      ],
      'styrmin_flow_runs_lease',
    );
  });

  await knex.schema.createTable('styrmin_tasks', table => {
    table.uuid('id').notNullable().primary();
    table.string('type', 32).notNullable();
    // The deployments table comes with the core records; until then the id is not a
    // foreign key.
    table.string('deployment_id', 255).notNullable();
    table
      .uuid('flow_run_id')
      .notNullable()
      .unique({ indexName: 'styrmin_tasks_flow_run_id_unique' })
      .references('id')
      .inTable('styrmin_flow_runs');
    table.string('created_by', 255).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(
      ['deployment_id', 'created_at'],
      'styrmin_tasks_deployment_idx',
    );
    table.check(
      "?? in ('create_instance', 'update_instance', 'upgrade_instance', " +
        "'stop_components', 'start_components', 'run_job', 'delete_deployment')",
      ['type'],
      'styrmin_tasks_type',
    );
  });

  await knex.schema.createTable('styrmin_steps', table => {
    table.uuid('id').notNullable().primary();
    table
      .uuid('task_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_tasks')
      .onDelete('CASCADE');
    table.integer('position').notNullable();
    table.string('name', 255).notNullable();
    table.string('status', 16).notNullable();
    table.integer('attempts').notNullable();
    table.timestamp('started_at', { useTz: true }).nullable();
    table.timestamp('ended_at', { useTz: true }).nullable();
    table
      .uuid('superseded_by_task_id')
      .nullable()
      .references('id')
      .inTable('styrmin_tasks');
    table.unique(['task_id', 'position'], {
      indexName: 'styrmin_steps_position_unique',
    });
    table.check(
      "?? in ('PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'SUPERSEDED')",
      ['status'],
      'styrmin_steps_status',
    );
    table.check('?? >= 0', ['attempts'], 'styrmin_steps_attempts');
    // The superseding task is recorded with, and only with, the SUPERSEDED status.
    table.check(
      "(?? = 'SUPERSEDED') = (?? is not null)",
      ['status', 'superseded_by_task_id'],
      'styrmin_steps_superseded_by',
    );
  });

  await knex.schema.createTable('styrmin_step_errors', table => {
    table
      .uuid('step_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_steps')
      .onDelete('CASCADE');
    table.integer('attempt').notNullable();
    table.text('message').notNullable();
    table.text('output_tail').nullable();
    table.timestamp('occurred_at', { useTz: true }).notNullable();
    table.primary(['step_id', 'attempt']);
  });

  await knex.schema.createTable('styrmin_step_links', table => {
    table
      .uuid('step_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_steps')
      .onDelete('CASCADE');
    // A task is started by at most one step.
    table
      .uuid('started_task_id')
      .notNullable()
      .unique({ indexName: 'styrmin_step_links_started_task_unique' })
      .references('id')
      .inTable('styrmin_tasks')
      .onDelete('CASCADE');
    table.primary(['step_id', 'started_task_id']);
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_step_links');
  await knex.schema.dropTable('styrmin_step_errors');
  await knex.schema.dropTable('styrmin_steps');
  await knex.schema.dropTable('styrmin_tasks');
  await knex.schema.dropTable('styrmin_flow_runs');
};
