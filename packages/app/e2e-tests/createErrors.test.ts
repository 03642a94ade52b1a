/*
 * The Create template's fields as a new user meets their errors: a name the environment
 * has already and an application version the driver version does not deploy are refused
 * in sentences, before anything is submitted, and no regular expression is shown.
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
  createInfrahub,
  visibleText,
  type Session,
} from './support.ts';

// Unique per run, so that a rerun against the same portal does not meet its earlier self.
const takenName = `taken-${Date.now().toString(36)}`;

let session: Session;

before(async () => {
  session = await startBrowser();
  await createInfrahub({
    name: takenName,
    password: 'e2e-create-errors-password',
  });
});

after(async () => {
  await session?.close();
});

test('the Create template refuses a taken name and an unsupported version in words, before submitting', async () => {
  const { page } = session;
  try {
    await chooseTemplate(page, 'Infrahub 1.1.0');

    await page.getByLabel('Deployment name').fill(takenName);
    await page.getByLabel('Application version').fill('1.7.0');
    const taken = `The environment dev has a deployment named ${takenName} already`;
    const outOfRange =
      'infrahub 1.1.0 deploys the application versions >=1.5.0 <1.7.0, which 1.7.0 is outside of';
    // As you type, before Next.
    await shows(page, page.getByText(taken).first(), 'the name taken');
    await shows(
      page,
      page.getByText(outOfRange).first(),
      'the version refused',
    );
    await screenshot(page, '25-create-errors-as-you-type');

    // Next keeps the page and says the same.
    await page.getByRole('button', { name: 'Next' }).click();
    await shows(
      page,
      page.getByText(taken).first(),
      'the name taken after Next',
    );
    const text = await visibleText(page);
    assert.equal(text.includes('must match pattern'), false, text);
    assert.equal(/\(\?[=:!]|\\d|\[a-z0-9\]/.test(text), false, text);
    assert.ok(
      await page.getByLabel('Deployment name').isVisible(),
      'Next left the first page',
    );
    await screenshot(page, '26-create-errors-after-next');
  } catch (error) {
    await screenshot(page, '29-create-errors-failure');
    throw error;
  }
});
