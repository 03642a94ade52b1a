// @ts-check

/** The task types before this migration. */
const TYPES = [
  'create_instance',
  'update_instance',
  'upgrade_instance',
  'stop_components',
  'start_components',
  'run_job',
  'delete_deployment',
];

const BACKUP_TYPES = ['create_backup', 'restore_backup', 'delete_backup'];

/**
 * The tasks of backups: the task types create_backup, restore_backup and delete_backup
 * (flows CREATE_BACKUP, RESTORE_BACKUP, DELETE_BACKUP on the cluster's pool), and the
 * deletion of a backup.
 *
 * - styrmin_tasks.type: its check takes the three types. The value lists are copied here
 *   on purpose: a migration is history and must not change when the code's enum does.
 * - styrmin_backups.delete_task_id: the delete_backup task that removes the backup's
 *   Velero objects (by hand or at its expiry), once one is recorded; the record goes when
 *   that task succeeds. Unique: one task deletes one backup.
 *
 * SQLite changes a check only by copying the table, which knex does with foreign keys off
 * (the steps that cascade from the tasks survive the copy): hence no transaction around
 * this migration, and one of its own on PostgreSQL. Going down refuses while tasks of the
 * new types exist, rather than deleting what they recorded.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await inTransactionOnPostgres(knex, async db => {
    await replaceTypeCheck(db, [...TYPES, ...BACKUP_TYPES]);
    await db.schema.alterTable('styrmin_backups', table => {
      table
        .uuid('delete_task_id')
        .nullable()
        .references('id')
        .inTable('styrmin_tasks')
        .withKeyName('styrmin_backups_delete_task_fk');
      table.unique(['delete_task_id'], {
        indexName: 'styrmin_backups_delete_task_unique',
      });
    });
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await inTransactionOnPostgres(knex, async db => {
    const [{ count }] = await db('styrmin_tasks')
      .whereIn('type', BACKUP_TYPES)
      .count({ count: '*' });
    if (Number(count) > 0) {
      throw new Error(
        `Cannot go below 20261201010000_backup_tasks: ${count} tasks of the types ${BACKUP_TYPES.join(
          ', ',
        )} exist`,
      );
    }
    await db.schema.alterTable('styrmin_backups', table => {
      table.dropUnique(
        ['delete_task_id'],
        'styrmin_backups_delete_task_unique',
      );
      table.dropForeign(['delete_task_id'], 'styrmin_backups_delete_task_fk');
    });
    await db.schema.alterTable('styrmin_backups', table => {
      table.dropColumn('delete_task_id');
    });
    await replaceTypeCheck(db, TYPES);
  });
};

/** See the comment of `up`: SQLite copies the table outside a transaction. */
exports.config = { transaction: false };

/**
 * Replaces the check of styrmin_tasks.type with one that takes `types`: on PostgreSQL in
 * place, on SQLite (which cannot alter a check) by the copy that SQLite documents: the
 * table created again from its own statement with the new check, its rows copied, the old
 * one dropped and the copy renamed, its indexes created again, with foreign keys off so
 * that the rows that reference the tasks stay.
 *
 * @param {import('knex').Knex} db
 * @param {string[]} types
 */
async function replaceTypeCheck(db, types) {
  const check = `check (type in (${types
    .map(type => `'${type}'`)
    .join(', ')}))`;
  if (db.client.config.client === 'pg') {
    await db.raw(
      `alter table styrmin_tasks drop constraint styrmin_tasks_type, add constraint styrmin_tasks_type ${check}`,
    );
    return;
  }
  const [{ foreign_keys: foreignKeys }] = await db.raw('pragma foreign_keys');
  await db.raw('pragma foreign_keys = off');
  try {
    await db.transaction(async tx => {
      const objects = await tx('sqlite_master')
        .where({ tbl_name: 'styrmin_tasks' })
        .whereNotNull('sql')
        .select('type', 'sql');
      const table = objects.find(object => object.type === 'table');
      const old =
        /constraint [`"]?styrmin_tasks_type[`"]? check \((?:[^()]|\([^()]*\))*\)/i;
      if (!table || !old.test(table.sql)) {
        throw new Error(
          'styrmin_tasks has no check styrmin_tasks_type to replace',
        );
      }
      await tx.raw(
        table.sql
          .replace(old, `constraint styrmin_tasks_type ${check}`)
          .replace(
            /^create table [`"]?styrmin_tasks[`"]?/i,
            'create table `styrmin_tasks_copy`',
          ),
      );
      await tx.raw(
        'insert into styrmin_tasks_copy select * from styrmin_tasks',
      );
      await tx.raw('drop table styrmin_tasks');
      await tx.raw('alter table styrmin_tasks_copy rename to styrmin_tasks');
      for (const object of objects.filter(o => o.type !== 'table')) {
        await tx.raw(object.sql);
      }
      const broken = await tx.raw('pragma foreign_key_check');
      if (broken.length > 0) {
        throw new Error(
          `The copy of styrmin_tasks broke ${broken.length} foreign keys`,
        );
      }
    });
  } finally {
    if (foreignKeys) {
      await db.raw('pragma foreign_keys = on');
    }
  }
}

/**
 * @param {import('knex').Knex} knex
 * @param {(db: import('knex').Knex) => Promise<void>} work
 */
async function inTransactionOnPostgres(knex, work) {
  if (knex.client.config.client === 'pg') {
    await knex.transaction(tx => work(tx));
  } else {
    await work(knex);
  }
}
