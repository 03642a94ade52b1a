/*
 * The deployment page, as a developer follows a new deployment: created with styrminctl
 * as an admin would, it opens on the Overview, which goes from DEPLOYING to RUNNING with
 * its pods without a reload; the Tasks tab reads the steps of the task that deployed it;
 * every tab is photographed.
 *
 * Run by scripts/e2e (kube-sandbox, an agent and the environment "dev" run next to the
 * portal; STYRMIN_CONFIG names styrminctl's config of this run); see styrmin.test.ts.
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
  visibleText,
  type Session,
} from './support.ts';

// Unique per run, so that a rerun against the same portal does not meet its earlier self.
const deploymentName = `page-${Date.now().toString(36)}`;
const secret = 'e2e-deployment-page-password';

let session: Session;
let deploymentId: string;

before(async () => {
  session = await startBrowser();
  const created = await createInfrahub({
    name: deploymentName,
    password: secret,
  });
  deploymentId = created.deployment.id;
});

after(async () => {
  await session?.close();
});

test('a new deployment reaches RUNNING on its page without a reload; its tasks show their steps', async () => {
  const { page } = session;
  try {
    await open(page, `/styrmin/deployments/${deploymentId}`);
    const heading = page.getByRole('heading', {
      name: new RegExp(`^${deploymentName}`),
      level: 2,
    });
    await shows(page, heading, "the deployment's heading");
    await shows(
      page,
      page.getByRole('tab', { name: 'Overview', selected: true }),
      'the Overview tab',
    );

    // A reload would clear this mark: the state must change in the page as it is.
    await page.evaluate(() => {
      (window as unknown as { styrminMark: boolean }).styrminMark = true;
    });
    const state = page.getByRole('group', { name: 'State' });
    await shows(
      page,
      state.getByText('RUNNING', { exact: true }),
      'the deployment RUNNING in its heading',
    );
    await shows(
      page,
      page
        .getByRole('heading', { name: 'Pods' })
        .locator('xpath=ancestor::*[contains(@class,"MuiPaper-root")][1]')
        .getByText('Running', { exact: true })
        .first(),
      'a running pod on the Overview',
    );
    assert.equal(
      await page.evaluate(
        () => (window as unknown as { styrminMark?: boolean }).styrminMark,
      ),
      true,
      'the page was reloaded to show the new state',
    );
    assert.match(
      await visibleText(page),
      /server/,
      'the Overview lists no server component',
    );
    await screenshot(page, '30-deployment-overview');

    await page.getByRole('tab', { name: 'Tasks' }).click();
    const steps = page.getByRole('list', { name: 'Steps of create_instance' });
    await shows(page, steps, 'the steps of the create_instance task');
    for (const step of [
      'Apply the StyrminDeployment resource',
      'Install or upgrade the HelmRelease',
      'Run the setup post-hook',
    ]) {
      const item = steps.getByRole('listitem', { name: step, exact: true });
      await shows(page, item, `the step "${step}"`);
      await shows(
        page,
        item.getByText('SUCCEEDED', { exact: true }).first(),
        `the step "${step}" SUCCEEDED`,
      );
    }
    await screenshot(page, '31-deployment-tasks');

    // The tab's address, in the dark theme: states are the theme's status colours.
    const taskLink = page.getByRole('link', { name: /create_instance/ });
    const taskAddress = await taskLink.getAttribute('href');
    assert.match(taskAddress ?? '', /\?task=/, 'a task has no address');
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    await open(page, taskAddress!);
    await shows(page, steps, 'the steps of the task at its address');
    await screenshot(page, '31-deployment-tasks-dark');
    await page.evaluate(() => window.localStorage.removeItem('theme'));
    await open(page, `/styrmin/deployments/${deploymentId}/tasks`);

    await page.getByRole('tab', { name: 'Timeline' }).click();
    await shows(
      page,
      page.getByRole('listitem', { name: 'Instance 1' }),
      'the first instance on the Timeline',
    );
    await screenshot(page, '32-deployment-timeline');

    for (const [tab, name] of [
      ['Configuration', '33-deployment-configuration'],
      ['Upgrade', '34-deployment-upgrade'],
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await shows(
        page,
        page.getByRole('tab', { name: tab, selected: true }),
        `the ${tab} tab`,
      );
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
    }
    assert.equal(
      (await visibleText(page)).includes(secret),
      false,
      'the page shows the secret',
    );
  } catch (error) {
    await screenshot(page, '39-deployment-failure');
    throw error;
  }
});
