/*
 * The driver pages in a real browser, against the example drivers that scripts/e2e loads
 * with styrminctl: Styrmin, Drivers, infrahub, 1.1.0 and each of its tabs, checked against
 * drivers/infrahub/1.1.0/driver.styrmin.yml. See styrmin.test.ts for how it runs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { after, before, test } from 'node:test';
import { parse } from 'yaml';
import {
  card,
  literal,
  row,
  screenshot,
  shows,
  open,
  startBrowser,
  type Session,
} from './support.ts';

/** The parts of driver.styrmin.yml the pages show. */
interface Parameter {
  type: string;
  title?: string;
  default?: unknown;
  required?: boolean;
}
interface DriverDocument {
  metadata: { name: string; title: string };
  spec: {
    version: string;
    supported_versions: string;
    info: {
      description: string;
      links: Array<{ title: string; url: string }>;
      authors: Array<{ name: string }>;
      license: string;
    };
    helm: { main: { chart: string; version: string } };
    components: Record<
      string,
      {
        selector: Record<string, string>;
        container?: string;
        replicas?: number;
        singleton?: boolean;
      }
    >;
    parameters: Record<string, Parameter>;
    services: Array<{ name: string; component: string; port: number }>;
    actions: Array<{
      name: string;
      hook: string;
      mode: string;
      function: { module: string; export: string };
      prompts?: Record<string, Parameter>;
    }>;
  };
}

const driver: DriverDocument = parse(
  readFileSync(
    new URL(
      '../../../drivers/infrahub/1.1.0/driver.styrmin.yml',
      import.meta.url,
    ),
    'utf8',
  ),
);
const { metadata, spec } = driver;
const versionPath = `/styrmin/drivers/${metadata.name}/${spec.version}`;

let session: Session;

before(async () => {
  session = await startBrowser();
});

after(async () => {
  await session?.close();
});

test('from the Styrmin home page to the drivers, a driver and one of its versions', async () => {
  const { page } = session;
  await open(page, '/styrmin');

  await card(page, 'Drivers')
    .getByRole('link', { name: 'All drivers' })
    .click();
  await page.waitForURL(/\/styrmin\/drivers$/);
  const infrahub = row(page, metadata.title);
  await shows(page, infrahub, 'the infrahub driver in the drivers table');
  assert.match(await infrahub.innerText(), /Infrahub is a graph-based/);
  assert.match(await infrahub.innerText(), /1\.1\.0/);
  assert.match(await infrahub.innerText(), />=1\.5\.0 <1\.7\.0/);
  await shows(page, row(page, 'Semaphore'), 'the semaphore driver');
  await screenshot(page, '02-drivers');

  await page.getByRole('link', { name: metadata.title, exact: true }).click();
  await page.waitForURL(/\/styrmin\/drivers\/infrahub$/);
  await shows(page, row(page, '1.0.0'), 'the versions of infrahub');
  const latest = row(page, spec.version);
  assert.match(await latest.innerText(), /latest/);
  assert.match(await latest.innerText(), /styrminctl-e2e/);
  assert.match(await latest.innerText(), /Upload/);
  assert.match(await latest.innerText(), /sha256:[0-9a-f]{12}\b/);
  await screenshot(page, '03-driver-infrahub');

  await page.getByRole('link', { name: spec.version, exact: true }).click();
  await page.waitForURL(new RegExp(`${versionPath}$`));
  await shows(
    page,
    page.getByRole('heading', { name: `${metadata.title} ${spec.version}` }),
    'the heading of infrahub 1.1.0',
  );
  assert.equal(
    await page.getByRole('tab', { selected: true }).textContent(),
    'Overview',
  );
  const about = card(page, 'About');
  assert.match(await about.innerText(), /graph-based source of truth/);
  for (const link of spec.info.links) {
    assert.equal(
      await about.getByRole('link', { name: link.title }).getAttribute('href'),
      link.url,
    );
  }
  for (const author of spec.info.authors) {
    await shows(
      page,
      about.getByText(author.name),
      `the author ${author.name}`,
    );
  }
  await shows(page, about.getByText(spec.info.license), 'the license');
  const version = card(page, 'Version');
  await shows(
    page,
    version.getByText(spec.supported_versions),
    'the supported versions',
  );
  await shows(
    page,
    version.getByText(`${spec.helm.main.chart} ${spec.helm.main.version}`),
    'the chart',
  );
  await screenshot(page, '04-infrahub-1.1.0-overview');
});

test('the parameters of a driver version, as a table and as the form, secrets empty', async () => {
  const { page } = session;
  await open(page, `${versionPath}/parameters`);

  const table = page.locator('.MuiPaper-root', {
    has: page.getByRole('heading', { name: 'Parameters', exact: true }),
  });
  await shows(page, table, 'the parameters table');
  for (const [name, parameter] of Object.entries(spec.parameters)) {
    const text = await row(table, parameter.title ?? name).innerText();
    assert.match(text, new RegExp(name), `the row of ${name}`);
    assert.match(text, new RegExp(parameter.type), `the type of ${name}`);
    assert.match(
      text,
      parameter.required ? /Required/ : /Optional/,
      `whether ${name} is required`,
    );
  }

  for (const [name, parameter] of Object.entries(spec.parameters)) {
    const field = page.getByLabel(
      new RegExp(`^${literal(parameter.title ?? name)}`),
    );
    if (parameter.type === 'secret') {
      assert.equal(await field.getAttribute('type'), 'password', name);
      assert.equal(await field.inputValue(), '', `${name} shows no value`);
    } else if (parameter.type === 'boolean') {
      assert.equal(await field.isChecked(), parameter.default, name);
    } else if (parameter.type === 'enum') {
      // A select shows its value as text, not in an input.
      await shows(
        page,
        page.getByRole('button', {
          name: new RegExp(String(parameter.default)),
        }),
        `the default of ${name}`,
      );
    } else {
      assert.equal(await field.inputValue(), String(parameter.default), name);
    }
  }
  await screenshot(page, '05-infrahub-1.1.0-parameters');

  // The same tab in the dark theme, for the eye: the pages use the theme's colours only.
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await open(page, `${versionPath}/parameters`);
  await shows(page, table, 'the parameters table in the dark theme');
  await screenshot(page, '05-infrahub-1.1.0-parameters-dark');
  await page.evaluate(() => window.localStorage.removeItem('theme'));
});

test('the components and services of a driver version', async () => {
  const { page } = session;
  await open(page, versionPath);
  await page.getByRole('tab', { name: 'Components and services' }).click();
  await page.waitForURL(new RegExp(`${versionPath}/components$`));

  for (const [name, component] of Object.entries(spec.components)) {
    const text = await row(page, name).first().innerText();
    for (const [key, value] of Object.entries(component.selector)) {
      assert.match(
        text,
        new RegExp(`${key}=${value}`),
        `the selector of ${name}`,
      );
    }
    if (component.replicas !== undefined) {
      assert.match(text, new RegExp(`\\b${component.replicas}\\b`), name);
    }
    assert.equal(/singleton/.test(text), Boolean(component.singleton), name);
  }
  for (const service of spec.services) {
    const text = await row(page, service.name).last().innerText();
    assert.match(text, new RegExp(`${service.component}\\s+${service.port}`));
  }
  await screenshot(page, '06-infrahub-1.1.0-components');
});

test('the actions of a driver version, by hook and mode in the order they run', async () => {
  const { page } = session;
  // A deep link straight to the tab.
  await open(page, `${versionPath}/actions`);
  await shows(
    page,
    page.getByRole('tab', { name: /^Actions/, selected: true }),
    'the actions tab',
  );

  const modes = ['pre', 'core', 'post'];
  for (const hook of ['setup', 'upgrade']) {
    const expected = spec.actions
      .filter(action => action.hook === hook)
      .sort((a, b) => modes.indexOf(a.mode) - modes.indexOf(b.mode))
      .map(action => action.name);
    const hookCard = card(
      page,
      `${hook[0].toUpperCase()}${hook.slice(1)} hook`,
    );
    assert.deepEqual(
      await hookCard.getByRole('heading', { level: 5 }).allInnerTexts(),
      expected,
      `the actions of ${hook} in run order`,
    );
  }
  for (const action of spec.actions) {
    await shows(page, page.getByText(action.function.export), action.name);
    for (const prompt of Object.keys(action.prompts ?? {})) {
      await shows(page, page.getByText(prompt), `the prompt ${prompt}`);
    }
  }
  await screenshot(page, '07-infrahub-1.1.0-actions');
});
