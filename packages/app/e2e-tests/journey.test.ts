/*
 * A developer's way through the Styrmin pages, against the portal, kube-sandbox and the
 * agent that scripts/e2e runs: create a deployment from its environment's page, watch it
 * reach RUNNING, change a parameter through the review step, and read why a deployment of
 * a broken driver failed.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import {
  open,
  screenshot,
  shows,
  startBrowser,
  styrminctl,
  visibleText,
  type Session,
} from './support.ts';

const root = new URL('../../../', import.meta.url);
const run = Date.now().toString(36);
const secret = 'e2e-journey-admin-password';
const brokenMessage =
  'this chart refuses to render: the browser test asked it to';

let session: Session;
let brokenDir: string;

before(async () => {
  session = await startBrowser();
  // The infrahub driver under another name, with a chart that refuses to render.
  brokenDir = await mkdtemp(join(tmpdir(), 'styrmin-e2e-broken-'));
  await cp(new URL('drivers/infrahub/1.1.0', root), brokenDir, {
    recursive: true,
  });
  const spec = join(brokenDir, 'driver.styrmin.yml');
  await writeFile(
    spec,
    (await readFile(spec, 'utf8'))
      .replace('name: infrahub', 'name: broken-infrahub')
      .replace('title: Infrahub', 'title: Broken Infrahub'),
  );
  await writeFile(
    join(brokenDir, 'chart', 'templates', 'broken.yaml'),
    `{{- fail "${brokenMessage}" }}\n`,
  );
  await styrminctl(['drivers', 'load', brokenDir]);
});

after(async () => {
  await session?.close();
  await rm(brokenDir, { recursive: true, force: true });
});

test('create from the environment page, RUNNING, then a parameter changed through the review step', async () => {
  const { page } = session;
  const name = `journey-${run}`;
  try {
    await open(page, '/styrmin/environments/dev');
    await page.getByRole('button', { name: 'Create deployment' }).click();
    const dialog = page.getByRole('dialog', { name: /New deployment in dev/ });
    await shows(page, dialog, 'the new deployment form');
    await dialog.getByLabel('Driver', { exact: true }).click();
    await page.getByRole('option', { name: 'Infrahub (infrahub)' }).click();
    await dialog.getByLabel('Driver version').click();
    await page.getByRole('option', { name: '1.1.0' }).click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Application version').fill('1.6.0');
    const password = dialog.getByLabel(/\(admin_password\)/);
    await shows(page, password, 'the admin_password field');
    await password.fill(secret);
    await screenshot(page, '40-journey-create');
    await dialog.getByRole('button', { name: 'Create' }).click();

    await page.waitForURL(/\/styrmin\/deployments\/[0-9a-f-]{36}$/);
    const state = page.getByRole('group', { name: 'State' });
    await shows(
      page,
      state.getByText('RUNNING', { exact: true }),
      'the new deployment RUNNING',
    );
    await screenshot(page, '41-journey-running');

    await page.getByRole('tab', { name: 'Configuration' }).click();
    const branch = page.getByLabel(/\(default_branch\)/);
    await shows(page, branch, 'the default_branch field');
    await branch.fill('develop');
    await page.getByRole('button', { name: 'Review changes' }).click();
    await shows(
      page,
      page.getByText('parameters.default_branch', { exact: true }).first(),
      'the change in the review',
    );
    await shows(page, page.getByText('develop').first(), 'the new value');
    await screenshot(page, '42-journey-review');
    await page.getByRole('button', { name: 'Apply' }).click();

    await page.getByRole('tab', { name: 'Timeline' }).click();
    await shows(
      page,
      page.getByRole('listitem', { name: 'Instance 2' }),
      'the second instance on the Timeline',
    );
    await shows(
      page,
      state.getByText('RUNNING', { exact: true }),
      'the deployment RUNNING again',
    );
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await shows(
      page,
      page.getByRole('list', { name: 'Steps of update_instance' }),
      'the update_instance task',
    );
    await screenshot(page, '43-journey-updated');
    assert.equal(
      (await visibleText(page)).includes(secret),
      false,
      'the page shows the secret',
    );
  } catch (error) {
    await screenshot(page, '49-journey-failure');
    throw error;
  }
});

test("a deployment that fails shows the failed step's output", async () => {
  const { page } = session;
  try {
    const created = await styrminctl(
      [
        'deployments',
        'create',
        `dev/broken-${run}`,
        '--driver',
        'broken-infrahub',
        '--app-version',
        '1.6.0',
        '--set-secret',
        'admin_password=E2E_SECRET',
      ],
      { E2E_SECRET: secret },
    );
    await open(page, `/styrmin/deployments/${created.deployment.id}/tasks`);
    await shows(
      page,
      page
        .getByRole('group', { name: 'State' })
        .getByText('FAILED', { exact: true }),
      'the deployment FAILED',
    );
    const failed = page.getByRole('listitem', {
      name: 'Install or upgrade the HelmRelease',
      exact: true,
    });
    await shows(
      page,
      failed.getByText('FAILED', { exact: true }).first(),
      'the failed step',
    );
    await shows(
      page,
      failed.getByText(new RegExp(brokenMessage)).first(),
      "the failed step's output",
    );
    await screenshot(page, '44-journey-failed-step');
  } catch (error) {
    await screenshot(page, '49-journey-failure');
    throw error;
  }
});
