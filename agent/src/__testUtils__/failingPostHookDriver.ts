import fs from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './exampleBundles';

/** The actions of the test driver, copied into it. */
const ACTIONS = path.join(
  __dirname,
  'failingPostHookDriver',
  'migrateThenFail.js',
);

/** The version of infrahub that {@link failingPostHookDriver} makes. */
export const FAILING_VERSION = '1.2.0';

/**
 * A test driver: infrahub 1.1.0 as 1.2.0 under `work`, whose upgrade core-hook declares a
 * data migration (`migratesData`) and waits for the file its prompt `migrated_marker`
 * names, and whose upgrade post-hook exits non-zero. Answers its directory.
 */
export async function failingPostHookDriver(work: string): Promise<string> {
  const directory = path.join(work, `infrahub-${FAILING_VERSION}`);
  await fs.cp(path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'), directory, {
    recursive: true,
  });
  await fs.copyFile(ACTIONS, path.join(directory, 'actions', 'migrate.js'));
  const spec = path.join(directory, 'driver.styrmin.yml');
  const original = await fs.readFile(spec, 'utf8');
  const changed = original
    .replace(
      /^spec:\n {2}version: 1\.1\.0$/m,
      `spec:\n  version: ${FAILING_VERSION}`,
    )
    .replace(
      /( {6}hook: upgrade\n {6}mode: core\n {6}function:\n) {8}module: actions\/upgrade\.ts\n {8}export: runMigrations\n/,
      `      migratesData: true
$1        module: actions/migrate.js
        export: waitForMigration
`,
    )
    .replace(
      / {10}default: 30\n {10}minimum: 5\n {10}maximum: 240\n/,
      `          default: 30
          minimum: 5
          maximum: 240
        migrated_marker:
          type: string
          title: Migrated marker
          description: The file whose existence says the data was migrated.
`,
    )
    .replace(
      /( {6}hook: upgrade\n {6}mode: post\n {6}function:\n) {8}module: actions\/upgrade\.ts\n {8}export: startTaskWorkersAndVerify\n/,
      `$1        module: actions/migrate.js
        export: failPostHook
`,
    );
  if (
    (changed.match(/actions\/migrate\.js/g) ?? []).length !== 2 ||
    !changed.includes('migrated_marker:')
  ) {
    throw new Error(
      'infrahub 1.1.0 changed: the test driver no longer applies',
    );
  }
  await fs.writeFile(spec, changed);
  return directory;
}
