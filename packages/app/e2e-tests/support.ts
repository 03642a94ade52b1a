/*
 * What the browser tests share: Debian's Chromium through playwright-core, the portal's
 * address, guest sign-in, and the screenshots CI keeps (packages/app/e2e-test-report/).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import {
  chromium,
  type Browser,
  type Locator,
  type Page,
} from 'playwright-core';

const portalUrl = process.env.STYRMIN_E2E_URL ?? 'http://localhost:3000';

const reportDir = new URL('../e2e-test-report/', import.meta.url);

/** A browser with one page; `close` ends it. */
export interface Session {
  page: Page;
  close(): Promise<void>;
}

/** Starts Chromium (headless, no browser download needed) with one page. */
export async function startBrowser(): Promise<Session> {
  const browser: Browser = await chromium.launch({
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
  const page = await browser.newPage({
    viewport: { width: 1280, height: 800 },
  });
  // The dev server compiles lazily and two cores are slow: be patient, but not forever.
  page.setDefaultTimeout(60_000);
  return { page, close: () => browser.close() };
}

/** How often `open` clicks Enter before it gives up. */
const SIGN_IN_ATTEMPTS = 3;

/**
 * Loads `path` of the portal as a person following a link would, signing in as the guest
 * when the portal asks (a new browser session has not chosen the guest yet).
 */
export async function open(page: Page, path: string) {
  await page.goto(new URL(path, portalUrl).href);
  const enter = page.getByRole('button', { name: 'Enter' });
  const app = styrminNavLink(page);
  for (let attempt = 1; ; attempt++) {
    await shows(page, enter.or(app).first(), 'the sign-in page or the app');
    if (await app.isVisible()) {
      return;
    }
    await enter.click();
    // `yarn start` restarts the backend when its sources change, and a sign-in during a
    // restart fails (the page asks to fall back to a legacy token; playwright declines).
    const signedIn = await app
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) {
      return;
    }
    if (attempt === SIGN_IN_ATTEMPTS) {
      assert.fail(
        `The guest could not sign in; the page says: ${await visibleText(
          page,
        )}`,
      );
    }
  }
}

/** The Styrmin item of the app's sidebar. */
export function styrminNavLink(page: Page) {
  return page
    .getByRole('navigation', { name: 'sidebar nav' })
    .getByRole('link', { name: 'Styrmin', exact: true });
}

/** What the page says, for failure messages: the error panel's text among it. */
export async function visibleText(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText()
    .catch(() => '');
  return text.trim().replace(/\s+/g, ' ').slice(0, 2000);
}

/** Waits for `locator`, or fails saying what the page shows instead. */
export async function shows(page: Page, locator: Locator, what: string) {
  await locator.waitFor().catch(async () => {
    assert.fail(
      `The page does not show ${what}; it says: ${await visibleText(page)}`,
    );
  });
}

/** Saves the whole page as `<name>.png` in the report folder that CI keeps. */
export async function screenshot(page: Page, name: string) {
  await mkdir(reportDir, { recursive: true });
  await page.screenshot({
    path: new URL(`${name}.png`, reportDir).pathname,
    fullPage: true,
    // Ends transitions (a tab's indicator sliding over) so the picture is the page at rest.
    animations: 'disabled',
  });
}

/** The card (Material UI `Card`) whose header is `title`. */
export function card(page: Page, title: string) {
  return page
    .locator('.MuiCard-root')
    .filter({ has: page.locator('.MuiCardHeader-title', { hasText: title }) });
}

/** The value cell of the row labelled `label` in a card's metadata table. */
export function cardValue(page: Page, title: string, label: string) {
  return card(page, title)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
    .getByRole('cell')
    .last();
}

/** `text` as a regular expression that matches it literally. */
export function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The table rows with a cell whose text starts with `text`. */
export function row(scope: Page | Locator, text: string) {
  // The inner locator of `has` is matched inside each row, so it starts from the page.
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('row').filter({
    has: page.getByRole('cell', { name: new RegExp(`^${literal(text)}`) }),
  });
}

/** How often `styrminctl` is run again when the backend does not answer. */
const UNAVAILABLE_ATTEMPTS = 5;

/**
 * Runs styrminctl as scripts/e2e configured it (STYRMIN_CONFIG), with `env` added to its
 * environment (for --set-secret), and returns what it printed as JSON. A backend that does
 * not answer (`yarn start` restarts it when its sources change) is asked again: the
 * request never reached it, so nothing was done twice.
 */
export async function styrminctl(
  args: string[],
  env: Record<string, string> = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['packages/styrminctl/bin/styrminctl', ...args, '-o', 'json'],
        {
          cwd: new URL('../../../', import.meta.url),
          env: { ...process.env, ...env },
        },
      );
      return JSON.parse(stdout);
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      if (
        attempt === UNAVAILABLE_ATTEMPTS ||
        !stderr?.includes('ECONNREFUSED')
      ) {
        throw error;
      }
      await new Promise(resolve => setTimeout(resolve, 5_000));
    }
  }
}

/** What {@link createInfrahub} makes; versions default to the newest example driver's. */
export interface InfrahubOptions {
  name: string;
  /** The admin password, passed through the environment, never on the command line. */
  password: string;
  driverVersion?: string;
  appVersion?: string;
  /** More `--set key=value` parameters. */
  set?: string[];
  /** Wait until its first task ended. */
  wait?: boolean;
}

/** Creates an infrahub deployment in `dev` with styrminctl; answers what styrminctl printed. */
export function createInfrahub(options: InfrahubOptions) {
  const { driverVersion = '1.1.0', appVersion = '1.6.0' } = options;
  return styrminctl(
    [
      'deployments',
      'create',
      `dev/${options.name}`,
      '--driver',
      'infrahub',
      '--driver-version',
      driverVersion,
      '--app-version',
      appVersion,
      '--set-secret',
      'admin_password=E2E_ADMIN_PASSWORD',
      ...(options.set ?? []).flatMap(assignment => ['--set', assignment]),
      ...(options.wait ? ['--wait'] : []),
    ],
    { E2E_ADMIN_PASSWORD: options.password },
  );
}

/**
 * Opens Create and chooses the template of a driver version (`Infrahub 1.1.0`), once its
 * form has chosen the embedded default's environment "dev" (the only one).
 */
export async function chooseTemplate(page: Page, title: string) {
  await open(page, '/create');
  const template = page
    .locator('.MuiCard-root')
    .filter({ has: page.getByText(title, { exact: true }) });
  await shows(page, template, `the ${title} template under Create`);
  await template.getByRole('button', { name: /choose/i }).click();
  // The environment drop-down names each environment with its cluster.
  await shows(
    page,
    page.getByText('dev (sandbox)', { exact: true }),
    'the environment "dev" chosen',
  );
}
