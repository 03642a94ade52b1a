// Driver actions of the end-to-end rollback test (e2eRollback.test.ts), in the test driver
// failingPostHookDriver.ts makes: the upgrade's core mode "migrates the data" and waits
// until the test says the migration happened (the file its prompt names exists), and the
// upgrade's post mode exits non-zero, as a post-hook whose check fails does.
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export async function waitForMigration({ prompts }) {
  while (!existsSync(prompts.migrated_marker)) {
    await sleep(100);
  }
}

export async function failPostHook() {
  process.stderr.write('The migrated server does not answer: exit 3\n');
  process.exit(3);
}
