/*
 * The Events of a deployment on its entity's Kubernetes tab, as a guest meets them: after a
 * create with styrminctl (--wait), the tab lists under Backstage's own content the Events
 * of the deployment's namespace on the embedded default's sandbox cluster, newest first
 * (20 a page): the workloads' controllers' and kubelet's, and the operator's phases on the
 * deployment record, naming the StyrminDeployment. A guest holds no kubernetes.proxy permission: the
 * card reads through Styrmin's API.
 *
 * Run by scripts/e2e (kube-sandbox, an agent and the environment "dev" run next to the
 * portal); see styrmin.test.ts for how.
 */
import assert from 'node:assert/strict';
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
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
const deploymentName = `events-${Date.now().toString(36)}`;

let session: Session;
let deploymentId: string;

before(async () => {
  session = await startBrowser();
  const created = await createInfrahub({
    name: deploymentName,
    password: 'e2e-events-password',
    wait: true,
  });
  deploymentId = created.deployment.id;
});

after(async () => {
  await session?.close();
});

test("a deployment's entity lists its namespace's Events on the Kubernetes tab, the operator's among them", async () => {
  const { page } = session;
  try {
    // The catalog publishes the deployment after the styrmin.changes event of its create.
    await open(
      page,
      `/catalog/default/resource/dev.${deploymentName}/kubernetes`,
    );
    const events = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Reason' }) });
    await shows(page, events, 'the Events table');
    // The first page: the newest, the operator's last phases and the setup hook's Job.
    const listed = async (reason: string, object: string) =>
      (await row(events, reason).filter({ hasText: object }).count()) > 0;
    for (const [reason, object] of [
      ['Reconciled', 'ConfigMap/styrmin-deployment'],
      ['HelmReleaseReady', 'ConfigMap/styrmin-deployment'],
      ['Completed', 'Job/'],
    ]) {
      await shows(
        page,
        row(events, reason).filter({ hasText: object }).first(),
        `the ${reason} event of ${object}`,
      );
    }
    assert.match(
      await row(events, 'Reconciled').first().innerText(),
      new RegExp(`for StyrminDeployment/${deploymentId}`),
    );
    // Newest first, page after page, down to the workloads' first events.
    let lastSeen = Infinity;
    const found = new Set<string>();
    for (let pages = 0; pages < 10; pages++) {
      const times = await events
        .locator('time')
        .evaluateAll(nodes =>
          nodes.map(node => Date.parse(node.getAttribute('datetime')!)),
        );
      for (const time of times) {
        assert.ok(time <= lastSeen, 'an Event listed after an older one');
        lastSeen = time;
      }
      for (const [reason, object] of [
        ['ScalingReplicaSet', 'Deployment/infrahub-infrahub-server'],
        ['SuccessfulCreate', 'ReplicaSet/infrahub-infrahub-server-'],
        ['Scheduled', 'Pod/infrahub-infrahub-server-'],
      ]) {
        if (await listed(reason, object)) {
          found.add(reason);
        }
      }
      const next = page.getByRole('button', { name: 'Next Page' });
      if (
        found.size === 3 ||
        !(await next.isVisible()) ||
        (await next.isDisabled())
      ) {
        break;
      }
      await next.click();
    }
    assert.deepEqual(
      [...found].sort(),
      ['ScalingReplicaSet', 'Scheduled', 'SuccessfulCreate'],
      "the server's Deployment, ReplicaSet and Pod events",
    );
    // Backstage's own content stays above the card.
    await shows(
      page,
      page.getByText('kube-sandbox (embedded)', { exact: true }).first(),
      "the Kubernetes plugin's cluster",
    );
    await screenshot(page, '60-entity-kubernetes-events');
  } catch (error) {
    await screenshot(page, '69-entity-kubernetes-events-failure');
    throw new Error(`${(error as Error).message}\n${await visibleText(page)}`, {
      cause: error,
    });
  }
});
