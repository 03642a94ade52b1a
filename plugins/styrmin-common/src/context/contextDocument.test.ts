import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_DRIVERS, exampleDriver } from '../__testUtils__/exampleDriver';
import { DeploymentConfiguration } from '../configuration/DeploymentConfiguration';
import { driverVersionUses } from '../driver/contextUses';
import { diffContexts } from '../reconciliation/diffContexts';
import { resolveContext, ResolveContextOptions } from './resolveContext';

const DOCUMENT = join(__dirname, '..', '..', '..', '..', 'docs', 'context.md');

/** The JSON blocks of docs/context.md, by the name of the `<!-- example: name -->` before each. */
function documentExamples(): Record<string, any> {
  const text = readFileSync(DOCUMENT, 'utf8');
  return Object.fromEntries(
    [
      ...text.matchAll(/<!-- example: (\w+) -->\s*```json\n([\s\S]*?)\n```/g),
    ].map(([, name, json]) => [name, JSON.parse(json)]),
  );
}

/**
 * The options of resolveContext as the document writes them: the driver as its directory,
 * with what its values template and actions use, as loading finds it.
 */
function options(inputs: any): ResolveContextOptions {
  const driver = exampleDriver(inputs.driver);
  const template = readFileSync(
    join(EXAMPLE_DRIVERS, inputs.driver, driver.spec.helm.main.values_template),
    'utf8',
  );
  return {
    ...inputs,
    driver,
    uses: driverVersionUses(driver.spec, template),
    deployment: {
      ...inputs.deployment,
      configuration: DeploymentConfiguration.parse(
        inputs.deployment.configuration,
      ),
    },
  };
}

describe('docs/context.md', () => {
  const examples = documentExamples();

  it('has its examples', () => {
    expect(Object.keys(examples)).toEqual([
      'inputs',
      'context',
      'upgrade',
      'diff',
    ]);
  });

  it('shows the context that resolveContext resolves from its inputs', () => {
    expect(resolveContext(options(examples.inputs))).toEqual(examples.context);
  });

  it('shows the diff of the upgrade', () => {
    const { inputs, upgrade } = examples;
    const upgraded = resolveContext(
      options({
        ...inputs,
        driver: upgrade.driver,
        deployment: {
          ...inputs.deployment,
          configuration: upgrade.configuration,
        },
      }),
    );
    expect(diffContexts(examples.context, upgraded)).toEqual(examples.diff);
  });
});
