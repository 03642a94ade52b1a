/*
 * A driver version as a software template, as a new user meets it: under Create, its form
 * (the deployment, then the driver's parameters, a secret among them, then the dry run of
 * the deployment), the scaffolder's log
 * following the deployment's task step by step until it is RUNNING on the embedded
 * default's sandbox cluster, and the deployment's entity in the catalog with Styrmin's tabs.
 *
 * Run by scripts/e2e (kube-sandbox, an agent and the environment "dev" run next to the
 * portal); see styrmin.test.ts for how.
 */
import assert from 'node:assert/strict';
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import {
  chooseTemplate,
  screenshot,
  shows,
  startBrowser,
  visibleText,
  type Session,
} from './support.ts';

// Unique per run, so that a rerun against the same portal does not meet its earlier self.
const deploymentName = `tmpl-${Date.now().toString(36)}`;
const secret = 'e2e-template-admin-password';

let session: Session;

before(async () => {
  session = await startBrowser();
});

after(async () => {
  await session?.close();
});

test('a template creates a deployment that reaches RUNNING, its steps in the log', async () => {
  const { page } = session;
  try {
    // The environment picker lists the catalog's Styrmin environments and, as "dev" is the
    // only one, chooses it.
    await chooseTemplate(page, 'Infrahub 1.1.0');
    await page.getByLabel('Deployment name').fill(deploymentName);
    await page.getByLabel('Application version').fill('1.6.0');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Admin password').fill(secret);
    // The scaffolder's secret field hands its value to the task's secrets 300 ms after the
    // last keystroke (a debounce, with nothing to see on the page when it has): a person
    // is slower than that, the test has to wait for it.
    await page.waitForTimeout(1_000);
    await page.getByRole('button', { name: 'Next' }).click();

    // The dry run, as the Configuration tab reviews a change.
    await shows(
      page,
      page.getByRole('region', { name: 'Steps that will run' }),
      "the dry run's planned steps",
    );
    await screenshot(page, '20-template-dry-run');
    await page.getByRole('button', { name: 'Review' }).click();
    await shows(
      page,
      page.getByText('********'),
      'the secret masked on review',
    );
    assert.equal(
      (await visibleText(page)).includes(secret),
      false,
      'the review shows the secret',
    );
    await screenshot(page, '20-template-review');
    await page.getByRole('button', { name: 'Create' }).click();

    const done = page.getByText(
      /task ended SUCCEEDED; the deployment is RUNNING/,
    );
    await shows(page, done, 'the log saying the deployment is RUNNING');
    const log = await visibleText(page);
    for (const step of [
      'Apply the StyrminDeployment resource: SUCCEEDED',
      'Install or upgrade the HelmRelease: SUCCEEDED',
      'Run the setup post-hook: SUCCEEDED',
    ]) {
      assert.ok(log.includes(step), `the log lacks "${step}"`);
    }
    assert.equal(log.includes(secret), false, 'the log shows the secret');
    await screenshot(page, '21-template-task-log');

    await page
      .getByRole('button', { name: /open the deployment in the catalog/i })
      .or(
        page.getByRole('link', { name: /open the deployment in the catalog/i }),
      )
      .first()
      .click();
    await shows(
      page,
      page.getByRole('heading', { name: new RegExp(deploymentName) }).first(),
      "the deployment's catalog entity",
    );
    await shows(page, page.getByText('dependsOn'), 'the relations');
    await screenshot(page, '22-template-deployment-entity');

    // The entity's own tabs, none folded into a drop-down: Styrmin's overview and tasks,
    // and Backstage's own Kubernetes tab on the embedded sandbox cluster.
    const tabs: Array<[string, Array<string | RegExp>]> = [
      ['Styrmin', ['Pods', /^infrahub-infrahub-server-/]],
      ['Tasks', ['create_instance', 'Run the setup post-hook']],
      ['Kubernetes', ['kube-sandbox (embedded)', /^\d+ pods$/]],
    ];
    const entityTabs = page.getByRole('navigation', {
      name: 'Content navigation',
    });
    for (const [tab, texts] of tabs) {
      await entityTabs.getByRole('link', { name: tab, exact: true }).click();
      for (const text of texts) {
        await shows(
          page,
          page.getByText(text, { exact: true }).first(),
          `"${text}" on the entity's ${tab} tab`,
        );
      }
      await screenshot(page, `23-template-entity-${tab.toLowerCase()}`);
    }
  } catch (error) {
    await screenshot(page, '29-template-failure');
    throw error;
  }
});
