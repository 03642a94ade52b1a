/*
 * A cluster's utilities in the portal (issue 17, item 1): the embedded default's cluster,
 * registered by scripts/embedded-cluster, gets its ingress controller in system-sandbox;
 * the cluster page's Utilities table shows it RUNNING with its versions and its create
 * task, and the home page lists no system environment.
 */
// Node's runner, not jest: this drives a browser against a running portal.
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import {
  open,
  row,
  screenshot,
  shows,
  startBrowser,
  type Session,
} from './support.ts';

let session: Session;

before(async () => {
  session = await startBrowser();
});

after(async () => {
  await session?.close();
});

test("the cluster page shows the cluster's utilities, RUNNING, with their versions and tasks", async () => {
  const { page } = session;
  try {
    await open(page, '/styrmin/clusters/sandbox');
    const utilities = page.getByRole('table', { name: 'Utilities of sandbox' });
    await shows(page, utilities, 'the Utilities table of sandbox');
    const ingress = row(utilities, 'ingress-nginx');
    // Live: the agent may still be deploying it when the page opens.
    await shows(
      page,
      ingress.getByText('RUNNING', { exact: true }),
      'ingress-nginx RUNNING',
    );
    await shows(
      page,
      ingress.getByRole('link', { name: 'ingress-nginx 1.0.0' }),
      "ingress-nginx's driver version",
    );
    await shows(
      page,
      ingress.getByRole('cell', { name: '1.12.1', exact: true }),
      "ingress-nginx's application version",
    );
    await shows(
      page,
      ingress.getByRole('link', { name: /^create_instance of ingress-nginx/ }),
      "ingress-nginx's create task",
    );
    await shows(
      page,
      page.getByText(/they cannot be edited by hand/),
      'that the utilities are Styrmin’s',
    );
  } finally {
    await screenshot(page, '40-cluster-utilities');
  }
});
