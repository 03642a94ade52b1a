/*
 * A developer backs up a deployment from its Backups tab and restores it in place: the
 * backup goes from its first phase to Completed with its step SUCCEEDED, then the restore
 * takes the deployment through RESTORING back to RUNNING, all without a reload.
 *
 * Run by scripts/e2e, whose embedded default registers the sandbox's object store as a
 * backup storage location of "dev"; the agent drives Velero (kube-sandbox's stand-in).
 */
import assert from 'node:assert/strict';
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import {
  open,
  screenshot,
  shows,
  startBrowser,
  createInfrahub,
  type Session,
} from './support.ts';

// Unique per run, so that a rerun against the same portal does not meet its earlier self.
const deploymentName = `backups-${Date.now().toString(36)}`;

let session: Session;
let deploymentId: string;

before(async () => {
  session = await startBrowser();
  const created = await createInfrahub({
    name: deploymentName,
    password: 'e2e-backups-password',
    wait: true,
  });
  deploymentId = created.deployment.id;
});

after(async () => {
  await session?.close();
});

test('back up from the Backups tab, watch it complete, restore it: RESTORING, then RUNNING', async () => {
  const { page } = session;
  try {
    await open(page, `/styrmin/deployments/${deploymentId}/backups`);
    await shows(
      page,
      page.getByRole('tab', { name: 'Backups', selected: true }),
      'the Backups tab',
    );
    const state = page.getByRole('group', { name: 'State' });
    await shows(
      page,
      state.getByText('RUNNING', { exact: true }),
      'the deployment RUNNING',
    );
    // A reload would clear this mark: every change must show in the page as it is.
    await page.evaluate(() => {
      (window as unknown as { styrminMark: boolean }).styrminMark = true;
    });

    await page.getByRole('button', { name: 'Back up now' }).click();
    const history = page.getByRole('list', { name: 'Backups, newest first' });
    const newest = history.getByRole('link').first();
    await shows(
      page,
      newest.getByText('Completed', { exact: true }),
      'the new backup Completed in the history',
    );
    const steps = page.getByRole('region', { name: 'Steps of the backup' });
    await shows(
      page,
      steps
        .getByRole('listitem', { name: 'Back up the namespace', exact: true })
        .getByText('SUCCEEDED', { exact: true }),
      'the backup step SUCCEEDED',
    );
    await screenshot(page, '50-deployment-backups');

    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await shows(
      page,
      dialog.getByRole('list', { name: 'What the restore replaces' }),
      'what the restore replaces',
    );
    await screenshot(page, '51-deployment-restore-dialog');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();

    await shows(
      page,
      state.getByText('RESTORING', { exact: true }),
      'the deployment RESTORING',
    );
    await shows(
      page,
      page
        .getByRole('list', { name: 'Restores, newest first' })
        .getByRole('listitem')
        .first(),
      'the restore in the list of restores',
    );
    await shows(
      page,
      state.getByText('RUNNING', { exact: true }),
      'the deployment RUNNING again after the restore',
    );
    await shows(
      page,
      page
        .getByRole('region', { name: 'Steps of the restore' })
        .getByRole('listitem', { name: 'Start the components', exact: true })
        .getByText('SUCCEEDED', { exact: true }),
      'the last step of the restore SUCCEEDED',
    );
    assert.equal(
      await page.evaluate(
        () => (window as unknown as { styrminMark?: boolean }).styrminMark,
      ),
      true,
      'the page was reloaded to show the changes',
    );
    await screenshot(page, '52-deployment-restored');
  } catch (error) {
    await screenshot(page, '59-deployment-backups-failure');
    throw error;
  }
});
