// @ts-check

/**
 * The installation: the one row that identifies this Styrmin server and its database.
 *
 * The primary key is a constant (`singleton` is always 1), so a second row cannot exist and
 * backend replicas that start together can all insert-if-absent and read back the same row.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_installation', table => {
    table.integer('singleton').notNullable().primary();
    table.check('?? = 1', ['singleton'], 'styrmin_installation_singleton');
    table.uuid('installation_id').notNullable();
    table
      .timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now());
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_installation');
};
