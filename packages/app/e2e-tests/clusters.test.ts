/*
 * Two clusters in the portal (issue 17, item 3): the README's second cluster
 * (scripts/embedded-cluster --name second --port 7010) beside the embedded default that
 * scripts/e2e runs; the home page's Clusters card and each cluster's catalog entity show
 * both, each with its agent's health.
 */
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
// Node's runner, not jest: this drives a browser against a running portal.
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import {
  screenshot,
  shows,
  open,
  startBrowser,
  type Session,
} from './support.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const SECOND_STARTED_MS = 300_000;

let session: Session;
let second: ChildProcess | undefined;

/**
 * The second cluster as the README starts it, on scripts/e2e's data directory (the folder
 * of its STYRMIN_CONFIG), in a process group of its own; resolves once its agent runs.
 */
function startSecondCluster(): Promise<void> {
  const child = spawn(
    path.join(ROOT, 'scripts/embedded-cluster'),
    ['--name', 'second', '--port', '7010'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        STYRMIN_DATA_DIR: path.dirname(process.env.STYRMIN_CONFIG!),
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  second = child;
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`the second cluster did not start:\n${lines.join('\n')}`),
        ),
      SECOND_STARTED_MS,
    );
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', line => {
        lines.push(line);
        if (line.includes('its agent run')) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    child.on('exit', code => {
      clearTimeout(timer);
      reject(
        new Error(`the second cluster exited (${code}):\n${lines.join('\n')}`),
      );
    });
  });
}

before(async () => {
  session = await startBrowser();
  await startSecondCluster();
});

after(async () => {
  await session?.close();
  if (second?.exitCode === null) {
    const exited = new Promise(resolve => second!.once('exit', resolve));
    // Its own group: the script, its agent and its sandbox (which saves its state first).
    process.kill(-second.pid!, 'SIGTERM');
    await exited;
  }
});

test("the home page lists both clusters, each with its agent's health", async () => {
  const { page } = session;
  try {
    await open(page, '/styrmin');
    const clusters = page.getByRole('list', { name: 'Clusters' });
    for (const name of ['sandbox', 'second']) {
      const item = clusters
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name, exact: true }) });
      await shows(
        page,
        item.getByText(/^Healthy, last contact/),
        `the cluster ${name} with a healthy agent`,
      );
    }
  } finally {
    await screenshot(page, '30-clusters-home');
  }
});

test("each cluster's catalog entity shows its agent's health on its Styrmin tab", async () => {
  const { page } = session;
  for (const name of ['sandbox', 'second']) {
    try {
      await open(page, `/catalog/default/system/${name}/styrmin`);
      await shows(
        page,
        page.getByText(`Agent of ${name}`),
        `the Styrmin tab of the cluster ${name}'s entity`,
      );
      await shows(
        page,
        page.getByText(/^Healthy, last contact/),
        `the health of ${name}'s agent`,
      );
    } finally {
      await screenshot(page, `31-cluster-entity-${name}`);
    }
  }
});
