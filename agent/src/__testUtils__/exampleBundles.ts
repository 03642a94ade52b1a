import {
  DriverBundle,
  readDriverDirectory,
} from '@styrmin/plugin-styrmin-node';
import path from 'node:path';

/** The repository's drivers/ directory: the example drivers with their real charts. */
export const EXAMPLE_DRIVERS = path.resolve(__dirname, '../../../drivers');

/** Reads an example driver version (`infrahub/1.0.0`) as the server stores it. */
export async function exampleBundle(
  driverVersion: string,
): Promise<DriverBundle> {
  const result = await readDriverDirectory(
    path.join(EXAMPLE_DRIVERS, driverVersion),
  );
  if (!result.success) {
    throw new Error(
      `drivers/${driverVersion}: ${JSON.stringify(result.problems)}`,
    );
  }
  return result.bundle;
}
