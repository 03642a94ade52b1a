/*
 * The Events of a deployment on its entity's Kubernetes tab, as a guest meets them: after a
 * create with styrminctl (--wait), the tab lists under Backstage's own content the Events
 * of the deployment's namespace on the embedded default's sandbox cluster, newest first:
 * the workloads' controllers' and kubelet's, and the operator's phases on the deployment
 * record, naming the StyrminDeployment. A guest holds no kubernetes.proxy permission: the
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
    for (const [reason, object] of [
      ['Reconciled', 'ConfigMap/styrmin-deployment'],
      ['HelmReleaseReady', 'ConfigMap/styrmin-deployment'],
      ['ScalingReplicaSet', 'Deployment/infrahub-infrahub-server'],
      ['Scheduled', 'Pod/infrahub-infrahub-server-'],
    ]) {
      await shows(
        page,
        row(events, reason).filter({ hasText: object }).first(),
        `the ${reason} event of ${object}`,
      );
    }
    const reconciled = row(events, 'Reconciled').first();
    assert.match(
      await reconciled.innerText(),
      new RegExp(`for StyrminDeployment/${deploymentId}`),
    );
    // Newest first: the operator's last word came after the pods were scheduled.
    const reasons = await events
      .getByRole('row')
      .evaluateAll(rows =>
        rows.map(r => r.querySelectorAll('td')[1]?.textContent ?? ''),
      );
    assert.ok(
      reasons.indexOf('Reconciled') < reasons.lastIndexOf('Scheduled'),
      `Reconciled is listed after Scheduled: ${reasons.join(', ')}`,
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
