import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  DriverBundle,
  readDriverDirectory,
} from '@styrmin/plugin-styrmin-node';

/**
 * Reads and validates a driver directory on this machine with the code the server runs
 * (readDriverDirectory). A driver with problems throws `VALIDATION_FAILED` with every
 * problem, which styrminctl prints one per line as `file:line:column path message`.
 */
export async function readLocalDriver(dir: string): Promise<DriverBundle> {
  const result = await readDriverDirectory(dir);
  if (!result.success) {
    const count = result.problems.length;
    throw new StyrminError(
      'VALIDATION_FAILED',
      `${dir} has ${count === 1 ? 'a problem' : `${count} problems`}`,
      { problems: result.problems },
    );
  }
  return result.bundle;
}
