import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DriverSpec } from '../driver/DriverSpec';
import { parseDriverSpec } from '../driver/parseDriverSpec';

/** The repository's drivers/ directory, which holds the example drivers. */
export const EXAMPLE_DRIVERS = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'drivers',
);

/** The specification of an example driver version, such as `infrahub/1.0.0`. */
export function exampleDriver(driverVersion: string): DriverSpec {
  const parsed = parseDriverSpec(
    readFileSync(
      join(EXAMPLE_DRIVERS, driverVersion, 'driver.styrmin.yml'),
      'utf8',
    ),
  );
  if (!parsed.success) {
    throw new Error(
      `drivers/${driverVersion} does not parse: ${JSON.stringify(
        parsed.problems,
      )}`,
    );
  }
  return parsed.spec;
}

/** The values template of an example driver version. */
export function exampleValuesTemplate(driverVersion: string): string {
  return readFileSync(
    join(EXAMPLE_DRIVERS, driverVersion, 'values.yaml.njk'),
    'utf8',
  );
}
