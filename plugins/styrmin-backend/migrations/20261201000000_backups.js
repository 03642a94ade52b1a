// @ts-check

const { randomUUID } = require('node:crypto');

/** Who the locations made from the environments' names were created by. */
const MIGRATION_SUBJECT = 'migration:20261201000000_backups';

/**
 * Backups and restores: the records of issue 13, with room for the environment backups of
 * issue 14.
 *
 * - styrmin_backup_storage_locations: a backup storage location (BSL), an S3-compatible
 *   object store that an administrator registers (provider S3 only: Velero's AWS plugin,
 *   which speaks to AWS S3, MinIO, Ceph RGW and the sandbox's store alike). Its bucket,
 *   prefix, region, endpoint URL and path-style flag, and the name and key of the Kubernetes
 *   Secret (in Velero's namespace of each cluster) that holds its credentials: the server
 *   never stores or shows the credentials themselves. A location without bucket or
 *   credentials is unconfigured: the agent writes no Velero BackupStorageLocation for it.
 *   Names are unique.
 * - styrmin_backup_storage_location_statuses: what the agent of each cluster observes of
 *   the Velero BackupStorageLocation it keeps for a location (phase Available or
 *   Unavailable, Velero's message, its last validation), one row per location and cluster:
 *   one location serves the environments of several clusters, and each cluster validates
 *   it on its own. Written only when a report changes it; observed_at orders the reports.
 * - styrmin_environments.backup_storage_location_id replaces the name that the column
 *   backup_storage_location held: a reference to a location. Each distinct name becomes a
 *   location of that name, unconfigured (provider S3, no bucket, no credentials), created
 *   by this migration, so that every environment keeps its location and an administrator
 *   completes it. Going down puts the names back and forgets everything else.
 * - styrmin_backups: one per-deployment backup: the deployment, the instance it was taken
 *   of, its location, the Velero Backup's name (unique), the task that runs it, its trigger
 *   (ON_DEMAND, or SCHEDULE with the slot of the schedule it fills, at most one backup per
 *   deployment and slot), who started it, its TTL, and what the agent reports from the
 *   Velero Backup (phase, items backed up of the total, size, error and warning counts, the
 *   reason of a failure in words, start, completion, expiry). environment_backup_id names
 *   the environment backup a constituent belongs to (its table comes with issue 14).
 *   Deployments are never deleted (tombstones stay), so a deleted deployment keeps its
 *   backups; the rows go only when a backup expires or is deleted.
 * - styrmin_restores: one restore of a backup into a deployment: the backup's own for an
 *   in-place restore, another one only for the cross-target restore of an environment
 *   clone. It keeps the source deployment and the Velero Backup's name, so that it stays
 *   readable after its backup expired (backup_id becomes null).
 * - styrmin_backup_schedules: the backup schedule (cron, TTL, paused) of an environment or
 *   of a deployment, exactly one of the two; a deployment without one inherits its
 *   environment's. A table of its own, so that the deployment and environment rows stay
 *   as they are.
 *
 * Velero phases are not checked here: Velero adds phases (1.18 added Queued and
 * ReadyToStart), and the stores validate them against styrmin-common's enums.
 *
 * SQLite drops a column or adds a foreign key only by copying the table, which knex does
 * with foreign keys off (the deployments that reference the environments survive it):
 * hence no transaction around this migration, and one of its own on PostgreSQL.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  const postgres = knex.client.config.client === 'pg';
  await inTransactionOnPostgres(knex, postgres, async db => {
    await db.schema.createTable('styrmin_backup_storage_locations', table => {
      table.uuid('id').notNullable().primary();
      // A Kubernetes name: the Velero BackupStorageLocation's. Names from before this
      // migration may be DNS subdomains; new ones are record names.
      table.string('name', 253).notNullable();
      table.string('provider', 16).notNullable();
      table.string('bucket', 63).nullable();
      table.string('prefix', 1024).nullable();
      table.string('region', 255).nullable();
      table.string('endpoint_url', 2048).nullable();
      table.boolean('path_style').notNullable();
      table.string('credentials_secret_name', 253).nullable();
      table.string('credentials_secret_key', 253).nullable();
      recordStamps(table);
      table.unique(['name'], {
        indexName: 'styrmin_backup_storage_locations_name_unique',
      });
      table.check("?? in ('S3')", ['provider'], 'styrmin_bsls_provider');
      table.check(
        '(?? is null) = (?? is null)',
        ['credentials_secret_name', 'credentials_secret_key'],
        'styrmin_bsls_credentials',
      );
      table.check('?? >= 1', ['version'], 'styrmin_bsls_version');
    });

    await db.schema.createTable(
      'styrmin_backup_storage_location_statuses',
      table => {
        table
          .uuid('backup_storage_location_id')
          .notNullable()
          .references('id')
          .inTable('styrmin_backup_storage_locations')
          .onDelete('CASCADE');
        table
          .uuid('cluster_id')
          .notNullable()
          .references('id')
          .inTable('styrmin_clusters');
        table.string('phase', 16).notNullable();
        table.text('message').nullable();
        table.timestamp('last_validated_at', { useTz: true }).nullable();
        table.timestamp('observed_at', { useTz: true }).notNullable();
        table.timestamp('updated_at', { useTz: true }).notNullable();
        table.primary(['backup_storage_location_id', 'cluster_id']);
        table.check(
          "?? in ('Available', 'Unavailable')",
          ['phase'],
          'styrmin_bsl_statuses_phase',
        );
      },
    );

    await db.schema.alterTable('styrmin_environments', table => {
      table
        .uuid('backup_storage_location_id')
        .nullable()
        .references('id')
        .inTable('styrmin_backup_storage_locations')
        .withKeyName('styrmin_environments_bsl_fk');
    });
    const names = await db('styrmin_environments')
      .whereNotNull('backup_storage_location')
      .distinct('backup_storage_location')
      .pluck('backup_storage_location');
    const now = new Date();
    for (const name of names.sort()) {
      const id = randomUUID();
      await db('styrmin_backup_storage_locations').insert({
        id,
        name,
        provider: 'S3',
        path_style: false,
        version: 1,
        created_by: MIGRATION_SUBJECT,
        created_at: now,
        updated_by: MIGRATION_SUBJECT,
        updated_at: now,
      });
      await db('styrmin_environments')
        .where({ backup_storage_location: name })
        .update({ backup_storage_location_id: id });
    }
    await db.schema.alterTable('styrmin_environments', table => {
      table.dropColumn('backup_storage_location');
      table.index(
        ['backup_storage_location_id'],
        'styrmin_environments_bsl_idx',
      );
    });

    await db.schema.createTable('styrmin_backups', table => {
      table.uuid('id').notNullable().primary();
      table
        .uuid('deployment_id')
        .notNullable()
        .references('id')
        .inTable('styrmin_deployments');
      table
        .uuid('instance_id')
        .notNullable()
        .references('id')
        .inTable('styrmin_instances');
      table
        .uuid('backup_storage_location_id')
        .notNullable()
        .references('id')
        .inTable('styrmin_backup_storage_locations');
      table.string('velero_backup_name', 63).notNullable();
      table
        .uuid('task_id')
        .notNullable()
        .references('id')
        .inTable('styrmin_tasks');
      table.string('trigger', 16).notNullable();
      // The slot of the schedule that a SCHEDULE backup fills.
      table.timestamp('scheduled_for', { useTz: true }).nullable();
      table.integer('ttl_seconds').notNullable();
      table.uuid('environment_backup_id').nullable();
      observedVeleroColumns(table, 'items_backed_up');
      table.bigInteger('size_bytes').nullable();
      table.timestamp('expires_at', { useTz: true }).nullable();
      table.string('created_by', 255).notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.unique(['velero_backup_name'], {
        indexName: 'styrmin_backups_velero_name_unique',
      });
      table.unique(['task_id'], { indexName: 'styrmin_backups_task_unique' });
      // Two replicas that both find a slot due start one backup between them.
      table.unique(['deployment_id', 'scheduled_for'], {
        indexName: 'styrmin_backups_slot_unique',
      });
      // The backup history: a deployment's backups, newest first.
      table.index(
        ['deployment_id', 'created_at', 'id'],
        'styrmin_backups_history_idx',
      );
      table.index(['expires_at'], 'styrmin_backups_expiry_idx');
      table.index(['environment_backup_id'], 'styrmin_backups_env_backup_idx');
      table.check(
        "?? in ('ON_DEMAND', 'SCHEDULE')",
        ['trigger'],
        'styrmin_backups_trigger',
      );
      table.check(
        "(?? = 'SCHEDULE') = (?? is not null)",
        ['trigger', 'scheduled_for'],
        'styrmin_backups_slot',
      );
      table.check('?? > 0', ['ttl_seconds'], 'styrmin_backups_ttl');
    });

    await db.schema.createTable('styrmin_restores', table => {
      table.uuid('id').notNullable().primary();
      table
        .uuid('backup_id')
        .nullable()
        .references('id')
        .inTable('styrmin_backups')
        .onDelete('SET NULL');
      table
        .uuid('source_deployment_id')
        .notNullable()
        .references('id')
        .inTable('styrmin_deployments');
      table
        .uuid('deployment_id')
        .notNullable()
        .references('id')
        .inTable('styrmin_deployments');
      table.string('velero_backup_name', 63).notNullable();
      table.string('velero_restore_name', 63).notNullable();
      table
        .uuid('task_id')
        .notNullable()
        .references('id')
        .inTable('styrmin_tasks');
      table.uuid('environment_restore_id').nullable();
      observedVeleroColumns(table, 'items_restored');
      table.string('created_by', 255).notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
      table.unique(['velero_restore_name'], {
        indexName: 'styrmin_restores_velero_name_unique',
      });
      table.unique(['task_id'], { indexName: 'styrmin_restores_task_unique' });
      table.index(
        ['deployment_id', 'created_at', 'id'],
        'styrmin_restores_history_idx',
      );
      table.index(['backup_id'], 'styrmin_restores_backup_idx');
    });

    await db.schema.createTable('styrmin_backup_schedules', table => {
      table.uuid('id').notNullable().primary();
      table
        .uuid('environment_id')
        .nullable()
        .references('id')
        .inTable('styrmin_environments');
      table
        .uuid('deployment_id')
        .nullable()
        .references('id')
        .inTable('styrmin_deployments');
      table.string('cron', 255).notNullable();
      table.integer('ttl_seconds').notNullable();
      table.boolean('paused').notNullable();
      recordStamps(table);
      table.unique(['environment_id'], {
        indexName: 'styrmin_backup_schedules_environment_unique',
      });
      table.unique(['deployment_id'], {
        indexName: 'styrmin_backup_schedules_deployment_unique',
      });
      table.check(
        '(?? is null) <> (?? is null)',
        ['environment_id', 'deployment_id'],
        'styrmin_backup_schedules_owner',
      );
      table.check('?? > 0', ['ttl_seconds'], 'styrmin_backup_schedules_ttl');
      table.check('?? >= 1', ['version'], 'styrmin_backup_schedules_version');
    });
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  const postgres = knex.client.config.client === 'pg';
  await inTransactionOnPostgres(knex, postgres, async db => {
    await db.schema.dropTable('styrmin_backup_schedules');
    await db.schema.dropTable('styrmin_restores');
    await db.schema.dropTable('styrmin_backups');
    await db.schema.alterTable('styrmin_environments', table => {
      table.string('backup_storage_location', 253).nullable();
    });
    await db('styrmin_environments').update({
      backup_storage_location: db('styrmin_backup_storage_locations')
        .select('name')
        .where('id', db.ref('styrmin_environments.backup_storage_location_id')),
    });
    await db.schema.alterTable('styrmin_environments', table => {
      table.dropIndex(
        ['backup_storage_location_id'],
        'styrmin_environments_bsl_idx',
      );
      table.dropForeign(
        ['backup_storage_location_id'],
        'styrmin_environments_bsl_fk',
      );
    });
    await db.schema.alterTable('styrmin_environments', table => {
      table.dropColumn('backup_storage_location_id');
    });
    await db.schema.dropTable('styrmin_backup_storage_location_statuses');
    await db.schema.dropTable('styrmin_backup_storage_locations');
  });
};

/** See the comment of `up`: SQLite copies the table outside a transaction. */
exports.config = { transaction: false };

/**
 * The version and stamps of a record that users change, as the core records have them.
 *
 * @param {import('knex').Knex.CreateTableBuilder} table
 */
function recordStamps(table) {
  table.integer('version').notNullable();
  table.string('created_by', 255).notNullable();
  table.timestamp('created_at', { useTz: true }).notNullable();
  table.string('updated_by', 255).notNullable();
  table.timestamp('updated_at', { useTz: true }).notNullable();
}

/**
 * What the agent reports of a Velero Backup or Restore: its phase, its progress (`done`
 * items of the total), its error and warning counts, the reason of a failure in words,
 * its start and completion, and when the agent read it (a late report changes nothing).
 *
 * @param {import('knex').Knex.CreateTableBuilder} table
 * @param {string} done
 */
function observedVeleroColumns(table, done) {
  table.string('phase', 64).nullable();
  table.integer(done).nullable();
  table.integer('total_items').nullable();
  table.integer('error_count').notNullable();
  table.integer('warning_count').notNullable();
  table.text('failure_reason').nullable();
  table.timestamp('started_at', { useTz: true }).nullable();
  table.timestamp('completed_at', { useTz: true }).nullable();
  table.timestamp('observed_at', { useTz: true }).nullable();
}

/**
 * @param {import('knex').Knex} knex
 * @param {boolean} postgres
 * @param {(db: import('knex').Knex) => Promise<void>} work
 */
async function inTransactionOnPostgres(knex, postgres, work) {
  if (postgres) {
    await knex.transaction(tx => work(tx));
  } else {
    await work(knex);
  }
}
