// @ts-check

/**
 * Application drivers, their immutable versions, and the bundles the agent fetches.
 *
 * - styrmin_drivers: one row per driver name, written with its first version.
 * - styrmin_driver_bundles: the files of driver versions, addressed by their content
 *   digest: a gzipped archive whose unpacked bytes hash to the digest, so every reader can
 *   check what it got. Bounded by the loader's limits (10 MiB of files by default).
 * - styrmin_driver_versions: one loaded application driver version, never updated: its
 *   validated spec, its digest, where it came from, who loaded it and when. The unique
 *   (driver_name, version) is what makes a second load of a version with other content a
 *   CONFLICT, also between replicas that load at the same time.
 *
 * Timestamps are written by the server from its clock, as in the other tables. The value
 * list in the check is copied here on purpose: a migration is history.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('styrmin_drivers', table => {
    table.string('name', 63).notNullable().primary();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('styrmin_driver_bundles', table => {
    table.string('digest', 71).notNullable().primary();
    table.binary('archive').notNullable();
    table.integer('file_count').notNullable();
    table.integer('size_bytes').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.check(
      "?? like 'sha256:%' and length(??) = 71",
      ['digest', 'digest'],
      'styrmin_driver_bundles_digest',
    );
  });

  await knex.schema.createTable('styrmin_driver_versions', table => {
    table.uuid('id').notNullable().primary();
    table
      .string('driver_name', 63)
      .notNullable()
      .references('name')
      .inTable('styrmin_drivers');
    table.string('version', 255).notNullable();
    table.text('spec').notNullable();
    table
      .string('digest', 71)
      .notNullable()
      .references('digest')
      .inTable('styrmin_driver_bundles');
    table.string('source_type', 16).notNullable();
    table.text('source_path').nullable();
    table.text('source_url').nullable();
    table.string('source_ref', 255).nullable();
    table.string('source_commit', 64).nullable();
    table.string('loaded_by', 255).notNullable();
    table.timestamp('loaded_at', { useTz: true }).notNullable();
    table.unique(['driver_name', 'version'], {
      indexName: 'styrmin_driver_versions_version_unique',
    });
    table.index(['digest'], 'styrmin_driver_versions_digest_idx');
    table.check(
      "?? in ('DIRECTORY', 'GIT', 'UPLOAD')",
      ['source_type'],
      'styrmin_driver_versions_source_type',
    );
    // A git source has its URL, its commit and its path in the repository; the other
    // sources have no URL, ref or commit; a directory on the server has its path.
    table.check(
      "(?? = 'GIT') = (?? is not null and ?? is not null and ?? is not null)",
      ['source_type', 'source_url', 'source_commit', 'source_path'],
      'styrmin_driver_versions_git_source',
    );
    table.check(
      "?? = 'GIT' or (?? is null and ?? is null)",
      ['source_type', 'source_ref', 'source_url'],
      'styrmin_driver_versions_git_fields',
    );
    table.check(
      "?? <> 'DIRECTORY' or ?? is not null",
      ['source_type', 'source_path'],
      'styrmin_driver_versions_directory_source',
    );
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('styrmin_driver_versions');
  await knex.schema.dropTable('styrmin_driver_bundles');
  await knex.schema.dropTable('styrmin_drivers');
};
