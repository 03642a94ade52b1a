/*
 * The portal in a real browser: guest sign-in, the Styrmin item in the sidebar, and the
 * Styrmin home page showing what the backend plugin answers.
 *
 * Run by scripts/e2e, which starts the portal and loads the example drivers first, with
 * Node's own test runner:
 *   node --test packages/app/e2e-tests/*.test.ts
 * (Node 24 strips the types.) It drives Debian's Chromium through playwright-core, so no
 * browser download is needed. STYRMIN_E2E_URL overrides the portal's address.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
// Node's runner, not jest: this drives a browser against a running portal, with nothing of
// jsdom or the app's module transforms.
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import {
  card,
  cardValue,
  screenshot,
  shows,
  open,
  startBrowser,
  styrminNavLink,
  type Session,
} from './support.ts';

const backendPackageJson = new URL(
  '../../../plugins/styrmin-backend/package.json',
  import.meta.url,
);

// scripts/e2e runs the portal on the embedded default, SQLite, and loads drivers/ into it.
const expectedEngine = 'SQLite';

let session: Session;

before(async () => {
  session = await startBrowser();
});

after(async () => {
  await session?.close();
});

test('a guest opens Styrmin from the sidebar and sees the server and the drivers', async () => {
  const { page } = session;
  const { version } = JSON.parse(await readFile(backendPackageJson, 'utf8'));

  try {
    await open(page, '/');
    await styrminNavLink(page).click();
    await page.waitForURL(/\/styrmin$/);

    const serverVersion = cardValue(page, 'Server', 'Version');
    await shows(page, serverVersion, 'the server');
    assert.equal(
      await serverVersion.innerText(),
      version,
      "the server's version is not the backend plugin's package version",
    );
    assert.equal(
      await cardValue(page, 'Server', 'Database').innerText(),
      expectedEngine,
      'the database engine is not the one scripts/e2e runs the portal on',
    );
    assert.match(
      await cardValue(page, 'Server', 'Installation ID').innerText(),
      /\S/,
      'the installation ID is empty',
    );

    // scripts/e2e loads the example drivers (2 drivers, 3 versions); other tests of the same
    // run may have loaded more by now.
    const drivers = card(page, 'Drivers');
    const loaded = drivers.getByText(/^\d+ drivers, \d+ versions loaded$/);
    await shows(page, loaded, 'the drivers scripts/e2e loaded');
    const [, driverCount, versionCount] = (await loaded.innerText()).match(
      /^(\d+) drivers, (\d+) versions/,
    )!;
    assert.ok(
      Number(driverCount) >= 2 && Number(versionCount) >= 3,
      `the home page counts fewer than the example drivers: ${await loaded.innerText()}`,
    );
    assert.equal(
      await drivers
        .getByRole('link', { name: 'Infrahub 1.1.0', exact: true })
        .count(),
      1,
      'the newest versions do not list infrahub 1.1.0',
    );
  } finally {
    await screenshot(page, '01-styrmin-home');
  }
});

test('a reload keeps the guest signed in', async () => {
  const { page } = session;
  await open(page, '/styrmin');
  await page.reload();
  const enter = page.getByRole('button', { name: 'Enter' });
  await shows(
    page,
    enter.or(styrminNavLink(page)).first(),
    'the sign-in page or the app',
  );
  assert.equal(
    await enter.isVisible(),
    false,
    'the reload asked the guest to sign in again',
  );
});
