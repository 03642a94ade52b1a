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
  'create_backup',
  'restore_backup',
  'delete_backup',
  'upgrade_environment',
  'restore_environment',
  'clone_environment',
];

const RESTART = 'restart_components';

/**
 * The task type restart_components (flow RESTART_COMPONENTS on the cluster's pool): a
 * rolling restart of components. styrmin_tasks.type's check takes it; the value list is
 * copied here on purpose, as in 20261201010000_backup_tasks.js: a migration is history and
 * must not change when the code's enum does.
 *
 * SQLite changes a check only by copying the table, with foreign keys off so that the rows
 * that reference the tasks stay (20261201010000_backup_tasks.js): hence no transaction
 * around this migration, and one of its own on PostgreSQL. Going down refuses while tasks
 * of the type exist, rather than deleting what they recorded.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await replaceTypeCheck(knex, [...TYPES, RESTART]);
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  const [{ count }] = await knex('styrmin_tasks')
    .where({ type: RESTART })
    .count({ count: '*' });
  if (Number(count) > 0) {
    throw new Error(
      `Cannot go below 20261202040000_restart_components_tasks: ${count} tasks of the type ${RESTART} exist`,
    );
  }
  await replaceTypeCheck(knex, TYPES);
};

/** See the comment of `up`: SQLite copies the table outside a transaction. */
exports.config = { transaction: false };

/**
 * Replaces the check of styrmin_tasks.type with one that takes `types`: on PostgreSQL in
 * place, on SQLite by the copy that SQLite documents (the table created again from its own
 * statement with the new check, its rows copied, the old one dropped and the copy renamed,
 * its indexes created again).
 *
 * @param {import('knex').Knex} knex
 * @param {string[]} types
 */
async function replaceTypeCheck(knex, types) {
  const check = `check (type in (${types
    .map(type => `'${type}'`)
    .join(', ')}))`;
  if (knex.client.config.client === 'pg') {
    await knex.transaction(tx =>
      tx.raw(
        `alter table styrmin_tasks drop constraint styrmin_tasks_type, add constraint styrmin_tasks_type ${check}`,
      ),
    );
    return;
  }
  const [{ foreign_keys: foreignKeys }] = await knex.raw('pragma foreign_keys');
  await knex.raw('pragma foreign_keys = off');
  try {
    await knex.transaction(async tx => {
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
      await knex.raw('pragma foreign_keys = on');
    }
  }
}
