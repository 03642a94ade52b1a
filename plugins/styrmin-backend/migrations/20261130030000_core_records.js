// @ts-check

/**
 * The core records: clusters, environments, deployments and their instances.
 *
 * - styrmin_clusters: a registered Kubernetes cluster, its settings, and the hash of its
 *   agent's token. Each cluster has its own work pool, `cluster:<id>`.
 * - styrmin_environments: a deployment target in one cluster, with its overrides and the
 *   name of its backup storage location. A deleted environment stays (deleted_at set) for
 *   the tombstones of its deployments; names are unique among those not deleted.
 * - styrmin_deployments: the recorded intent for one application in one environment: its
 *   application driver version and configuration (secret values included, never shown),
 *   its state, and a version that every change compare-and-sets. A deletion sets
 *   deleted_at and leaves the row as a tombstone; names are unique per environment among
 *   the deployments not deleted.
 * - styrmin_instances: what was generated for a deployment at one change, never updated but
 *   for `active` and the task that applies it: the context (secret values included), the
 *   reconciliation diff to the instance before it (secret values masked). At most one
 *   instance of a deployment is active, which a partial unique index enforces on both
 *   engines.
 *
 * Every `version` starts at 1 and grows by one with each change of its row. Timestamps are
 * written by the server from its clock, as in the other tables. The value list in the
 * state check is copied here on purpose: a migration is history.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_clusters', table => {
    table.uuid('id').notNullable().primary();
    table.string('name', 63).notNullable();
    table.text('settings').notNullable();
    // sha256 of the agent token, in hex; the token itself is shown once and never stored.
    table.string('agent_token_hash', 64).notNullable();
    table.timestamp('agent_token_rotated_at', { useTz: true }).notNullable();
    table.timestamp('agent_last_seen_at', { useTz: true }).nullable();
    table.integer('version').notNullable();
    table.string('created_by', 255).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.string('updated_by', 255).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.unique(['name'], { indexName: 'styrmin_clusters_name_unique' });
    table.check('?? >= 1', ['version'], 'styrmin_clusters_version');
  });

  await knex.schema.createTable('styrmin_environments', table => {
    table.uuid('id').notNullable().primary();
    table.string('name', 63).notNullable();
    table
      .uuid('cluster_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_clusters');
    table.text('overrides').notNullable();
    table.string('backup_storage_location', 253).nullable();
    table.integer('version').notNullable();
    table.string('created_by', 255).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.string('updated_by', 255).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.timestamp('deleted_at', { useTz: true }).nullable();
    table.unique(['name'], {
      indexName: 'styrmin_environments_name_unique',
      predicate: knex.whereNull('deleted_at'),
    });
    table.index(['cluster_id'], 'styrmin_environments_cluster_idx');
    table.check('?? >= 1', ['version'], 'styrmin_environments_version');
  });

  await knex.schema.createTable('styrmin_deployments', table => {
    table.uuid('id').notNullable().primary();
    table
      .uuid('environment_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_environments');
    table.string('name', 63).notNullable();
    table.string('driver_name', 63).notNullable();
    table.string('driver_version', 255).notNullable();
    table.text('configuration').notNullable();
    table.string('state', 16).notNullable();
    table.text('state_reason').nullable();
    table.integer('version').notNullable();
    table.string('created_by', 255).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.string('updated_by', 255).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.timestamp('deleted_at', { useTz: true }).nullable();
    table
      .foreign(
        ['driver_name', 'driver_version'],
        'styrmin_deployments_driver_fk',
      )
      .references(['driver_name', 'version'])
      .inTable('styrmin_driver_versions');
    table.unique(['environment_id', 'name'], {
      indexName: 'styrmin_deployments_name_unique',
      predicate: knex.whereNull('deleted_at'),
    });
    // Listing pages in name order, and filtering by driver.
    table.index(['name', 'id'], 'styrmin_deployments_name_idx');
    table.index(['driver_name'], 'styrmin_deployments_driver_idx');
    table.check(
      "?? in ('PENDING', 'DEPLOYING', 'RUNNING', 'RESTORING', 'FAILED', 'DELETING', 'DELETED')",
      ['state'],
      'styrmin_deployments_state',
    );
    // DELETING and DELETED happen only to a deployment whose deletion was recorded.
    table.check(
      "?? not in ('DELETING', 'DELETED') or ?? is not null",
      ['state', 'deleted_at'],
      'styrmin_deployments_deleted',
    );
    table.check('?? >= 1', ['version'], 'styrmin_deployments_version');
  });

  await knex.schema.createTable('styrmin_instances', table => {
    table.uuid('id').notNullable().primary();
    table
      .uuid('deployment_id')
      .notNullable()
      .references('id')
      .inTable('styrmin_deployments');
    // 1 for the first instance of a deployment, then one more for each.
    table.integer('number').notNullable();
    table.string('driver_name', 63).notNullable();
    table.string('driver_version', 255).notNullable();
    table.text('context').notNullable();
    table.text('diff').notNullable();
    table.boolean('active').notNullable();
    table.uuid('task_id').nullable().references('id').inTable('styrmin_tasks');
    table.string('created_by', 255).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table
      .foreign(['driver_name', 'driver_version'], 'styrmin_instances_driver_fk')
      .references(['driver_name', 'version'])
      .inTable('styrmin_driver_versions');
    table.unique(['deployment_id', 'number'], {
      indexName: 'styrmin_instances_number_unique',
    });
    // At most one active instance per deployment, whatever the code above it does.
    table.unique(['deployment_id'], {
      indexName: 'styrmin_instances_active_unique',
      // A literal: neither engine accepts a parameter in an index's WHERE clause.
      predicate: knex.whereRaw('?? = true', ['active']),
    });
    table.check('?? >= 1', ['number'], 'styrmin_instances_number');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_instances');
  await knex.schema.dropTable('styrmin_deployments');
  await knex.schema.dropTable('styrmin_environments');
  await knex.schema.dropTable('styrmin_clusters');
};
