import { DriverSpec, parseDriverSpec } from '@styrmin/plugin-styrmin-common';
import type { DriverVersion } from '@styrmin/sdk';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { infrahubPreviousVersion, infrahubVersion } from './fixtures';

/** The specification of an example driver version in drivers/, such as `infrahub/1.1.0`. */
function exampleDriverSpec(driverVersion: string): DriverSpec {
  const parsed = parseDriverSpec(
    readFileSync(
      join(
        __dirname,
        '../../../../drivers',
        driverVersion,
        'driver.styrmin.yml',
      ),
      'utf8',
    ),
  );
  if (!parsed.success) {
    throw new Error(`drivers/${driverVersion} does not parse`);
  }
  return parsed.spec;
}

/**
 * The fixtures' infrahub versions with their specification as drivers/ declares it: what
 * the forms that check a change's rules in the browser read.
 */
export const infrahubWithSpec: DriverVersion = {
  ...infrahubVersion,
  spec: exampleDriverSpec('infrahub/1.1.0'),
};

export const infrahubPreviousWithSpec: DriverVersion = {
  ...infrahubPreviousVersion,
  spec: exampleDriverSpec('infrahub/1.0.0'),
};
