/*
 * The environment page's Backups tab: an administrator backs up "dev" and watches the
 * environment backup complete with its constituent, without a reload; an operator then
 * sees Restore and Clone disabled, with the reason (administrators restore and clone
 * environments), and Back up enabled.
 *
 * Run by scripts/e2e, whose embedded default makes the guest an administrator and gives
 * "dev" a backup storage location on the sandbox's object store. The operator is the same
 * guest whose permission answers are an operator's: the portal asks the permission backend
 * what the user may do, and the server checks again whatever it is asked to do.
 */
import assert from 'node:assert/strict';
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  createInfrahub,
  open,
  row,
  screenshot,
  shows,
  startBrowser,
  visibleText,
  type Session,
} from './support.ts';

// Unique per run, so that a rerun against the same portal does not meet its earlier self.
const deploymentName = `envbackup-${Date.now().toString(36)}`;

/**
 * The permissions of the environment page that administrators hold and operators do not
 * (styrminRoles.ts: environments are the administrators' area, but for reading and
 * upgrading them).
 */
const ADMINISTRATORS_ONLY = new Set([
  'styrmin.environment.restore',
  'styrmin.environment.clone',
  'styrmin.environment.update',
  'styrmin.environment.delete',
]);

interface AuthorizeRequest {
  items: Array<{ id: string; permission: { name: string } }>;
}
interface AuthorizeResponse {
  items: Array<{ id: string; result: string }>;
}

/** Answers the page's permission questions as the permission backend would an operator's. */
async function actAsOperator(page: Page) {
  await page.route('**/api/permission/authorize', async route => {
    const asked = route.request().postDataJSON() as AuthorizeRequest;
    const response = await route.fetch();
    const answer = (await response.json()) as AuthorizeResponse;
    const names = new Map(asked.items.map(i => [i.id, i.permission.name]));
    await route.fulfill({
      response,
      json: {
        items: answer.items.map(item =>
          ADMINISTRATORS_ONLY.has(names.get(item.id) ?? '')
            ? { ...item, result: 'DENY' }
            : item,
        ),
      },
    });
  });
}

let session: Session;

before(async () => {
  session = await startBrowser();
  // Not --wait: the page shows it reach RUNNING, and a backend restart (yarn start follows
  // its sources) while styrminctl waits would make it send the create again.
  await createInfrahub({
    name: deploymentName,
    password: 'e2e-environment-backup-password',
  });
});

after(async () => {
  await session?.close();
});

test('an administrator backs up dev from its Backups tab and sees the environment backup complete', async () => {
  const { page } = session;
  try {
    await open(page, '/styrmin/environments/dev');
    // An environment backup takes no deployment that is busy: wait until it is RUNNING.
    await row(page, deploymentName)
      .getByText('RUNNING', { exact: true })
      .waitFor({ timeout: 600_000 })
      .catch(async () => {
        assert.fail(
          `${deploymentName} did not reach RUNNING; the page says: ${await visibleText(
            page,
          )}`,
        );
      });
    await page.getByRole('tab', { name: 'Backups' }).click();
    await shows(
      page,
      page.getByRole('tab', { name: 'Backups', selected: true }),
      'the Backups tab',
    );
    // A reload would clear this mark: every change must show in the page as it is.
    await page.evaluate(() => {
      (window as unknown as { styrminMark: boolean }).styrminMark = true;
    });

    await page.getByRole('button', { name: 'Back up', exact: true }).click();
    const newest = page
      .getByRole('list', { name: 'Environment backups, newest first' })
      .getByRole('link')
      .first();
    await shows(
      page,
      // Its status chip; with several deployments in dev, its constituents' line says it too.
      newest.getByText('COMPLETED', { exact: true }).first(),
      'the new environment backup COMPLETED in the list',
    );
    const constituent = page
      .getByRole('table', { name: 'Constituents' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: deploymentName }) });
    await shows(
      page,
      constituent.getByText('Completed', { exact: true }),
      `the constituent backup of ${deploymentName} Completed`,
    );
    assert.equal(
      await page.evaluate(
        () => (window as unknown as { styrminMark?: boolean }).styrminMark,
      ),
      true,
      'the page was reloaded to show the changes',
    );
    await screenshot(page, '60-environment-backups');
  } catch (error) {
    await screenshot(page, '69-environment-backups-failure');
    throw error;
  }
});

test('an operator sees Restore and Clone disabled with the reason, and Back up enabled', async () => {
  const { page } = session;
  try {
    await actAsOperator(page);
    await open(page, '/styrmin/environments/dev/backups');
    await shows(
      page,
      page.getByText(
        'Cloning an environment needs styrmin.environment.clone, which administrators have.',
      ),
      'why Clone is disabled',
    );
    assert.equal(
      await page
        .getByRole('button', { name: 'Clone', exact: true })
        .isDisabled(),
      true,
      'Clone is disabled',
    );
    await shows(
      page,
      page.getByText(
        'Restore: Restoring an environment needs styrmin.environment.restore, which administrators have.',
      ),
      'why Restore is disabled',
    );
    assert.equal(
      await page
        .getByRole('button', { name: 'Restore', exact: true })
        .isDisabled(),
      true,
      'Restore is disabled',
    );
    assert.equal(
      await page
        .getByRole('button', { name: 'Back up', exact: true })
        .isEnabled(),
      true,
      'Back up is enabled',
    );
    await screenshot(page, '61-environment-backups-operator');
  } catch (error) {
    await screenshot(page, '69-environment-backups-operator-failure');
    throw error;
  } finally {
    await page.unroute('**/api/permission/authorize');
  }
});
