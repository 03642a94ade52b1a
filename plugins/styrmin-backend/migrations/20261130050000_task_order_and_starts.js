// @ts-check

/**
 * Tasks: their order, the deployment they act on as a foreign key, the answers to the
 * prompts of the actions they run, and the primitive calls that started them.
 *
 * - sequence: a number that grows with every task, so that "the newest task of a
 *   deployment" does not depend on two tasks created in the same millisecond. PostgreSQL
 *   draws it from a sequence (the column's default), so that concurrent transactions never
 *   pick the same one; on SQLite, which runs one write transaction at a time, the store
 *   writes one more than the largest. Existing tasks are numbered in the order
 *   (created_at, id) that stood for it before.
 * - deployment_id becomes a uuid that references styrmin_deployments (deployments are
 *   never deleted: they stay as tombstones). SQLite changes a column or adds a foreign key
 *   only by copying the table, which knex does with foreign keys off, so that the steps
 *   that cascade from the tasks survive the copy: hence no transaction around this
 *   migration, and one of its own on PostgreSQL.
 * - prompts: the answers to the prompts of the actions the task runs, a JSON object by
 *   action name then prompt name (secret answers included: never shown), as text.
 * - start_key: for a task that an action primitive started through the agent protocol,
 *   the key of that call (run, step, attempt, the primitive call's index), unique, so that
 *   a retried call finds the task it started instead of starting another.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  const postgres = knex.client.config.client === 'pg';
  await inTransactionOnPostgres(knex, postgres, async db => {
    await db.schema.alterTable('styrmin_tasks', table => {
      table.bigInteger('sequence').nullable();
      table.text('prompts').nullable();
      table.string('start_key', 255).nullable();
    });
    await db('styrmin_tasks').update({
      sequence: db.raw(
        '(select count(*) from ?? as ?? where ?? < ?? or (?? = ?? and ?? <= ??))',
        [
          'styrmin_tasks',
          'o',
          'o.created_at',
          'styrmin_tasks.created_at',
          'o.created_at',
          'styrmin_tasks.created_at',
          'o.id',
          'styrmin_tasks.id',
        ],
      ),
    });
    if (postgres) {
      const [{ next }] = await db('styrmin_tasks').select(
        db.raw('coalesce(max(??), 0) + 1 as ??', ['sequence', 'next']),
      );
      await db.raw(
        `create sequence styrmin_tasks_sequence owned by styrmin_tasks.sequence start with ${Number(
          next,
        )}`,
      );
      await db.raw(
        "alter table styrmin_tasks alter column sequence set default nextval('styrmin_tasks_sequence')",
      );
      await db.raw(
        'alter table styrmin_tasks alter column sequence set not null',
      );
      await db.raw(
        'alter table styrmin_tasks alter column deployment_id type uuid using deployment_id::uuid',
      );
    }
    await db.schema.alterTable('styrmin_tasks', table => {
      // knex's alter on PostgreSQL would drop the sequence's default.
      if (!postgres) {
        table.bigInteger('sequence').notNullable().alter();
        table.uuid('deployment_id').notNullable().alter();
      }
      table
        .foreign('deployment_id', 'styrmin_tasks_deployment_fk')
        .references('id')
        .inTable('styrmin_deployments');
      table.unique(['sequence'], {
        indexName: 'styrmin_tasks_sequence_unique',
      });
      table.unique(['start_key'], {
        indexName: 'styrmin_tasks_start_key_unique',
      });
      table.index(['deployment_id', 'sequence'], 'styrmin_tasks_newest_idx');
    });
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  const postgres = knex.client.config.client === 'pg';
  await inTransactionOnPostgres(knex, postgres, async db => {
    await db.schema.alterTable('styrmin_tasks', table => {
      table.dropIndex(
        ['deployment_id', 'sequence'],
        'styrmin_tasks_newest_idx',
      );
      table.dropUnique(['start_key'], 'styrmin_tasks_start_key_unique');
      table.dropUnique(['sequence'], 'styrmin_tasks_sequence_unique');
      table.dropForeign(['deployment_id'], 'styrmin_tasks_deployment_fk');
    });
    await db.schema.alterTable('styrmin_tasks', table => {
      table.dropColumn('start_key');
      table.dropColumn('prompts');
      table.dropColumn('sequence');
    });
    if (postgres) {
      await db.raw(
        'alter table styrmin_tasks alter column deployment_id type varchar(255) using deployment_id::text',
      );
    } else {
      await db.schema.alterTable('styrmin_tasks', table => {
        table.string('deployment_id', 255).notNullable().alter();
      });
    }
  });
};

/** See the comment of `up`: SQLite copies the table outside a transaction. */
exports.config = { transaction: false };

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
