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
];

/** The types of the environment tasks, the only tasks without a deployment. */
const ENVIRONMENT_TYPES = [
  'upgrade_environment',
  'restore_environment',
  'clone_environment',
];

/** A task has no deployment exactly when it is an environment task. */
const ENVIRONMENT_TASK_CHECK = `check ((deployment_id is null) = (type in (${ENVIRONMENT_TYPES.map(
  type => `'${type}'`,
).join(', ')})))`;

/** The environment of a task's deployment, in a statement over styrmin_tasks. */
const ENVIRONMENT_OF_DEPLOYMENT =
  '(select d.environment_id from styrmin_deployments as d where d.id = styrmin_tasks.deployment_id)';

/*
 * The parts of SQLite's create statement of styrmin_tasks that this migration changes, as
 * knex wrote them (20261130050000_task_order_and_starts.js made deployment_id a uuid).
 */
const DEPLOYMENT_COLUMN = '`deployment_id` char(36) NOT NULL, ';
const NULLABLE_DEPLOYMENT_COLUMN = '`deployment_id` char(36) NULL, ';
const ENVIRONMENT_COLUMN = '`environment_id` char(36) NOT NULL, ';
const ENVIRONMENT_CONSTRAINTS =
  `, constraint styrmin_tasks_environment_task ${ENVIRONMENT_TASK_CHECK}` +
  ', CONSTRAINT `styrmin_tasks_environment_fk` FOREIGN KEY (`environment_id`) ' +
  'REFERENCES `styrmin_environments` (`id`)';

const ENVIRONMENT_INDEX =
  'create index styrmin_tasks_environment_idx on styrmin_tasks (environment_id, sequence)';

/**
 * Environment tasks: the parent tasks of the operations on a whole environment (upgrade,
 * restore, clone), whose flows run in the server's pool and whose steps start the
 * deployments' tasks.
 *
 * - styrmin_tasks.environment_id: the environment a task acts in, a foreign key to
 *   styrmin_environments, not null; the tasks recorded before get their deployment's
 *   environment (deployments never change environment, and stay as tombstones).
 * - styrmin_tasks.deployment_id becomes nullable: null for an environment task, and only
 *   for one (check styrmin_tasks_environment_task).
 * - styrmin_tasks.type: its check takes the three environment types. The value lists are
 *   copied here on purpose: a migration is history and must not change when the code's
 *   enum does.
 * - styrmin_tasks_environment_idx on (environment_id, sequence): an environment's tasks,
 *   newest first.
 *
 * SQLite changes a column or a check only by copying the table (see
 * 20261201010000_backup_tasks.js), with foreign keys off so that the rows that reference
 * the tasks stay: hence no transaction around this migration, and one of its own on
 * PostgreSQL. Going down refuses while environment tasks exist, rather than deleting what
 * they recorded.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  if (isPostgres(knex)) {
    await knex.transaction(async tx => {
      await tx.schema.alterTable('styrmin_tasks', table => {
        table
          .uuid('environment_id')
          .nullable()
          .references('id')
          .inTable('styrmin_environments')
          .withKeyName('styrmin_tasks_environment_fk');
      });
      await tx('styrmin_tasks').update({
        environment_id: tx.raw(ENVIRONMENT_OF_DEPLOYMENT),
      });
      await tx.raw(
        'alter table styrmin_tasks alter column environment_id set not null, ' +
          'alter column deployment_id drop not null, ' +
          `drop constraint styrmin_tasks_type, add constraint styrmin_tasks_type ${typeCheck(
            [...TYPES, ...ENVIRONMENT_TYPES],
          )}, ` +
          `add constraint styrmin_tasks_environment_task ${ENVIRONMENT_TASK_CHECK}`,
      );
      await tx.raw(ENVIRONMENT_INDEX);
    });
    return;
  }
  await copyTasksTable(knex, {
    sql: sql =>
      replaceOnce(
        replaceOnce(
          replaceTypeCheck(sql, [...TYPES, ...ENVIRONMENT_TYPES]),
          DEPLOYMENT_COLUMN,
          `${NULLABLE_DEPLOYMENT_COLUMN}${ENVIRONMENT_COLUMN}`,
        ),
        /\)$/,
        `${ENVIRONMENT_CONSTRAINTS})`,
      ),
    columns: columns => [...columns, 'environment_id'],
    values: columns => [...columns, ENVIRONMENT_OF_DEPLOYMENT],
    indexes: [ENVIRONMENT_INDEX],
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  const [{ count }] = await knex('styrmin_tasks')
    .whereIn('type', ENVIRONMENT_TYPES)
    .count({ count: '*' });
  if (Number(count) > 0) {
    throw new Error(
      `Cannot go below 20261201070000_environment_tasks: ${count} tasks of the types ${ENVIRONMENT_TYPES.join(
        ', ',
      )} exist`,
    );
  }
  if (isPostgres(knex)) {
    await knex.transaction(async tx => {
      await tx.raw('drop index styrmin_tasks_environment_idx');
      await tx.raw(
        'alter table styrmin_tasks drop constraint styrmin_tasks_environment_task, ' +
          'drop constraint styrmin_tasks_environment_fk, ' +
          'drop column environment_id, ' +
          'alter column deployment_id set not null, ' +
          `drop constraint styrmin_tasks_type, add constraint styrmin_tasks_type ${typeCheck(
            TYPES,
          )}`,
      );
    });
    return;
  }
  const kept = (/** @type {string[]} */ columns) =>
    columns.filter(column => column !== 'environment_id');
  await copyTasksTable(knex, {
    sql: sql =>
      replaceOnce(
        replaceOnce(
          replaceTypeCheck(sql, TYPES),
          `${NULLABLE_DEPLOYMENT_COLUMN}${ENVIRONMENT_COLUMN}`,
          DEPLOYMENT_COLUMN,
        ),
        ENVIRONMENT_CONSTRAINTS,
        '',
      ),
    columns: kept,
    values: kept,
    indexes: [],
    dropIndexes: ['styrmin_tasks_environment_idx'],
  });
};

/** See the comment of `up`: SQLite copies the table outside a transaction. */
exports.config = { transaction: false };

/**
 * @param {import('knex').Knex} knex
 */
function isPostgres(knex) {
  return knex.client.config.client === 'pg';
}

/**
 * @param {string[]} types
 */
function typeCheck(types) {
  return `check (type in (${types.map(type => `'${type}'`).join(', ')}))`;
}

/**
 * `sql` with its one occurrence of `from` replaced; throws when there is none, so that a
 * statement other than the expected one is never copied half changed.
 *
 * @param {string} sql
 * @param {string | RegExp} from
 * @param {string} to
 */
function replaceOnce(sql, from, to) {
  const changed = sql.replace(from, to);
  if (changed === sql) {
    throw new Error(
      `The create statement of styrmin_tasks has no ${from}: ${sql}`,
    );
  }
  return changed;
}

/**
 * The create statement of styrmin_tasks with its type check taking `types`.
 *
 * @param {string} sql
 * @param {string[]} types
 */
function replaceTypeCheck(sql, types) {
  const old =
    /constraint [`"]?styrmin_tasks_type[`"]? check \((?:[^()]|\([^()]*\))*\)/i;
  if (!old.test(sql)) {
    throw new Error('styrmin_tasks has no check styrmin_tasks_type to replace');
  }
  return sql.replace(old, `constraint styrmin_tasks_type ${typeCheck(types)}`);
}

/**
 * Changes styrmin_tasks on SQLite by the copy that SQLite documents: the table created
 * again from its own statement as `sql` changes it, its rows copied (`columns` of the copy
 * from `values` of the old table, given the old table's columns), the old one dropped and
 * the copy renamed, its indexes created again (but `dropIndexes`) with `indexes` after
 * them, with foreign keys off so that the rows that reference the tasks stay.
 *
 * @param {import('knex').Knex} db
 * @param {{
 *   sql: (sql: string) => string,
 *   columns: (columns: string[]) => string[],
 *   values: (columns: string[]) => string[],
 *   indexes: string[],
 *   dropIndexes?: string[],
 * }} change
 */
async function copyTasksTable(db, change) {
  const [{ foreign_keys: foreignKeys }] = await db.raw('pragma foreign_keys');
  await db.raw('pragma foreign_keys = off');
  try {
    await db.transaction(async tx => {
      const objects = await tx('sqlite_master')
        .where({ tbl_name: 'styrmin_tasks' })
        .whereNotNull('sql')
        .select('type', 'name', 'sql');
      const table = objects.find(object => object.type === 'table');
      if (!table) {
        throw new Error('There is no table styrmin_tasks to change');
      }
      const columns = (await tx.raw('pragma table_info(styrmin_tasks)')).map(
        (/** @type {{ name: string }} */ column) => column.name,
      );
      await tx.raw(
        change
          .sql(table.sql)
          .replace(
            /^create table [`"]?styrmin_tasks[`"]?/i,
            'create table `styrmin_tasks_copy`',
          ),
      );
      await tx.raw(
        `insert into styrmin_tasks_copy (${change
          .columns(columns)
          .join(', ')}) select ${change
          .values(columns)
          .join(', ')} from styrmin_tasks`,
      );
      await tx.raw('drop table styrmin_tasks');
      await tx.raw('alter table styrmin_tasks_copy rename to styrmin_tasks');
      for (const object of objects) {
        if (
          object.type !== 'table' &&
          !change.dropIndexes?.includes(object.name)
        ) {
          await tx.raw(object.sql);
        }
      }
      for (const index of change.indexes) {
        await tx.raw(index);
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
