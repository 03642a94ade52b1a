/*
 * The Upgrade tab, as a developer moves infrahub from 1.0.0 to 1.1.0: the deployment sets
 * task_worker_replicas (which 1.1.0 retires) to 3, not its default; the tab offers to carry
 * the value over to the task-worker's replica override and does so by default, the review
 * (the upgrade's plan) says so, shows the override in the diff and the upgrade hook's
 * actions with their prompts, and starting the upgrade applies that plan, which stores the
 * override, reaching RUNNING on 1.1.0. Afterwards the version picker preselects no
 * downgrade to 1.0.0.
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
  createInfrahub,
  startBrowser,
  styrminctl,
  type Session,
} from './support.ts';

// Unique per run, so that a rerun against the same portal does not meet its earlier self.
const deploymentName = `upgrade-${Date.now().toString(36)}`;

let session: Session;
let deploymentId: string;

before(async () => {
  session = await startBrowser();
  const created = await createInfrahub({
    name: deploymentName,
    password: 'e2e-upgrade-tab-password',
    driverVersion: '1.0.0',
    appVersion: '1.5.2',
    set: ['task_worker_replicas=3'],
  });
  deploymentId = created.deployment.id;
});

after(async () => {
  await session?.close();
});

test('the Upgrade tab upgrades infrahub to 1.1.0 with task_worker_replicas carried over to the task-worker replica override', async () => {
  const { page } = session;
  try {
    await open(page, `/styrmin/deployments/${deploymentId}/upgrade`);
    const state = page.getByRole('group', { name: 'State' });
    await shows(
      page,
      state.getByText('RUNNING', { exact: true }),
      'the deployment RUNNING on 1.0.0',
    );
    const picker = page.getByRole('combobox', { name: 'Driver version' });
    await shows(page, picker, 'the driver version picker');
    assert.equal(await picker.inputValue(), '1.1.0');

    const retired = page.getByRole('region', {
      name: 'Retired parameter task_worker_replicas',
    });
    const carryOver = retired.getByRole('radio', {
      name: 'Carry it over to the replica override of task-worker',
    });
    await shows(
      page,
      carryOver,
      'the choice to carry task_worker_replicas over',
    );
    assert.equal(
      await carryOver.isChecked(),
      true,
      'carrying over is not the default',
    );

    const appVersion = page.getByRole('textbox', {
      name: 'Application version (app_version)',
    });
    await appVersion.fill('1.6.0');
    await page.getByRole('button', { name: 'Review changes' }).click();
    const carried = page.getByRole('region', { name: 'Carried over' });
    await shows(page, carried, 'what the upgrade carries over');
    assert.match(
      await carried.innerText(),
      /task_worker_replicas becomes components\.task-worker\.replicas = 3/,
    );
    await shows(
      page,
      page.getByRole('cell', { name: 'components.task-worker.replicas' }),
      'the replica override in the reconciliation diff',
    );
    const hooks = page.getByRole('region', { name: 'Hooks that will run' });
    await shows(
      page,
      hooks.getByText('upgrade core: run-migrations'),
      "the plan's upgrade hook actions",
    );
    assert.match(
      await hooks.innerText(),
      /Prompts: migration_timeout_minutes \(default 30\)/,
    );
    const planId = await page
      .getByRole('region', { name: 'Plan', exact: true })
      .locator('code')
      .innerText();
    const reviewed = await styrminctl(['plans', 'show', planId]);
    assert.equal(reviewed.kind, 'UPGRADE');
    assert.equal(reviewed.appliedAt, null, 'reviewing applied the plan');
    await screenshot(page, '70-upgrade-review');

    await page.getByRole('button', { name: 'Start upgrade' }).click();
    await shows(
      page,
      page.getByText('From infrahub 1.1.0'),
      'the Upgrade tab of the deployment on 1.1.0',
    );
    // Nothing newer is loaded: no version is chosen, and certainly not 1.0.0.
    assert.equal(await picker.inputValue(), '');
    assert.equal(
      await page.getByRole('button', { name: 'Start upgrade' }).count(),
      0,
      'the review of the upgrade before is still shown',
    );
    await shows(
      page,
      state.getByText('RUNNING', { exact: true }),
      'the deployment RUNNING again after the upgrade',
    );
    await screenshot(page, '71-upgrade-done');

    const appliedPlan = await styrminctl(['plans', 'show', planId]);
    assert.notEqual(appliedPlan.appliedAt, null, 'the plan was not applied');
    assert.ok(appliedPlan.appliedTask?.id, 'the plan names no task');

    const shown = await styrminctl(['deployments', 'show', deploymentId]);
    assert.equal(shown.driverVersion.version, '1.1.0');
    assert.deepEqual(shown.configuration.components, {
      'task-worker': { replicas: 3 },
    });
    assert.equal(
      Object.hasOwn(shown.configuration.parameters, 'task_worker_replicas'),
      false,
      'the retired parameter is still stored',
    );
    assert.equal(
      shown.observed?.components?.find(
        (component: { name: string }) => component.name === 'task-worker',
      )?.desiredReplicas,
      3,
      'the task-worker does not run the carried-over replica count',
    );
  } catch (error) {
    await screenshot(page, '79-upgrade-failure');
    throw error;
  }
});
