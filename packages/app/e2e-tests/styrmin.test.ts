/*
 * The portal in a real browser: guest sign-in, the Styrmin item in the sidebar, and the
 * Styrmin page showing what the backend plugin answers.
 *
 * Run by scripts/e2e, which starts the portal first, with Node's own test runner:
 *   node --test packages/app/e2e-tests/styrmin.test.ts
 * (Node 24 strips the types.) It drives Debian's Chromium through playwright-core, so no
 * browser download is needed. STYRMIN_E2E_URL overrides the portal's address.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
// Node's runner, not jest: this drives a browser against a running portal, with nothing of
// jsdom or the app's module transforms.
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';

const portalUrl = process.env.STYRMIN_E2E_URL ?? 'http://localhost:3000';
const reportDir = new URL('../e2e-test-report/', import.meta.url);
const backendPackageJson = new URL(
  '../../../plugins/styrmin-backend/package.json',
  import.meta.url,
);

// scripts/e2e runs the portal on the embedded default, SQLite.
const expectedEngine = 'SQLite';

let browser: Browser;
let page: Page;

before(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // The dev server compiles lazily and two cores are slow: be patient, but not forever.
  page.setDefaultTimeout(60_000);
});

after(async () => {
  await browser?.close();
});

/** What the page says, for failure messages: the error panel's text among it. */
async function visibleText(): Promise<string> {
  const text = await page
    .locator('body')
    .innerText()
    .catch(() => '');
  return text.trim().replace(/\s+/g, ' ').slice(0, 2000);
}

/** The value cell of the row labelled `label` in the InfoCard titled `title`. */
function cardValue(title: string, label: string) {
  return page
    .locator('.MuiCard-root')
    .filter({ has: page.getByText(title, { exact: true }) })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
    .getByRole('cell')
    .last();
}

test('a guest opens Styrmin from the sidebar and sees the server and its database', async () => {
  const { version } = JSON.parse(await readFile(backendPackageJson, 'utf8'));
  await mkdir(reportDir, { recursive: true });

  try {
    await page.goto(portalUrl);
    await page.getByRole('button', { name: 'Enter' }).click();

    const sidebar = page.getByRole('navigation', { name: 'sidebar nav' });
    await sidebar.getByRole('link', { name: 'Styrmin', exact: true }).click();
    await page.waitForURL(/\/styrmin$/);

    const serverVersion = cardValue('Server', 'Version');
    await serverVersion.waitFor().catch(async () => {
      assert.fail(
        `The Styrmin page did not show the server; it says: ${await visibleText()}`,
      );
    });
    assert.equal(
      await serverVersion.innerText(),
      version,
      "the server's version is not the backend plugin's package version",
    );
    assert.equal(
      await cardValue('Database', 'Engine').innerText(),
      expectedEngine,
      'the database engine is not the one scripts/e2e runs the portal on',
    );
    assert.match(
      await cardValue('Server', 'Installation ID').innerText(),
      /\S/,
      'the installation ID is empty',
    );
  } finally {
    await page.screenshot({
      path: new URL('styrmin.png', reportDir).pathname,
      fullPage: true,
    });
  }
});
