import {
  DriverBundle,
  readDriverDirectory,
} from '@styrmin/plugin-styrmin-node';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The repository's drivers/ folder: the example drivers. */
export const EXAMPLE_DRIVERS = resolve(__dirname, '../../../../drivers');

/** Reads drivers/<driver>/<version> into its bundle; a driver with problems fails the test. */
export async function readExampleDriver(path: string): Promise<DriverBundle> {
  const result = await readDriverDirectory(join(EXAMPLE_DRIVERS, path));
  if (!result.success) {
    throw new Error(
      `${path} has problems: ${JSON.stringify(result.problems, null, 2)}`,
    );
  }
  return result.bundle;
}

/**
 * Copies drivers/<driver>/<version> to `target`, with some files changed: the same driver
 * version with other content.
 */
export async function copyExampleDriver(
  path: string,
  target: string,
  changes: Record<string, (text: string) => string> = {},
): Promise<string> {
  await cp(join(EXAMPLE_DRIVERS, path), target, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const text = await readFile(join(target, file), 'utf8');
    await writeFile(join(target, file), change(text));
  }
  return target;
}
