import {
  LoggerService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { formatStyrminProblem } from '@styrmin/plugin-styrmin-common';
import { readDriverDirectory } from '@styrmin/plugin-styrmin-node';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod/v4';
import { DriverStore } from '../drivers/DriverStore';
import { Utility } from './Utility';

/** The config key naming the directory of the utilities Styrmin ships. */
export const UTILITIES_DIRECTORY_KEY = 'styrmin.utilities.directory';

/** Who loads the utilities' driver versions: Styrmin itself. */
export const UTILITIES_LOADED_BY = 'styrmin:utilities';

/** `utilities.json`: the utilities, each a driver version under `<name>/<driverVersion>/`. */
const UtilitiesManifest = z.strictObject({
  utilities: z.array(
    z.strictObject({
      name: z.string().regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/),
      driverVersion: z.string().min(1),
      appVersion: z.string().min(1),
      requires: z.array(z.enum(['base_domain', 'ingress_class'])).default([]),
    }),
  ),
});

/**
 * Options of {@link UtilityCatalog.load}.
 *
 * @internal
 */
export type UtilityCatalogLoadOptions = {
  /** The utilities directory (absolute, or relative to the working directory). */
  directory: string;
  drivers: DriverStore;
  logger: LoggerService;
};

/**
 * The utilities Styrmin ships (docs/utilities.md): read at start from the directory that
 * `styrmin.utilities.directory` names (`utilities.json` and a driver directory per
 * utility), each driver version validated and loaded into the driver store as a utility's,
 * which no user lists, loads over or deploys. A broken utility stops the start: it is
 * part of Styrmin, not input.
 *
 * @internal
 */
export class UtilityCatalog {
  readonly utilities: ReadonlyArray<Utility>;

  /** The catalog the configuration names; empty when it names no directory. */
  static async fromConfig(
    config: RootConfigService,
    options: Omit<UtilityCatalogLoadOptions, 'directory'>,
  ): Promise<UtilityCatalog> {
    const directory = config.getOptionalString(UTILITIES_DIRECTORY_KEY);
    if (!directory) {
      options.logger.info(
        `No utilities: ${UTILITIES_DIRECTORY_KEY} is not set, so clusters get no ingress controller or service discovery from Styrmin`,
      );
      return new UtilityCatalog([]);
    }
    return UtilityCatalog.load({ ...options, directory });
  }

  static async load(
    options: UtilityCatalogLoadOptions,
  ): Promise<UtilityCatalog> {
    const { drivers, logger } = options;
    const directory = resolve(options.directory);
    const manifestPath = join(directory, 'utilities.json');
    const manifest = UtilitiesManifest.safeParse(
      JSON.parse(await readFile(manifestPath, 'utf8')),
    );
    if (!manifest.success) {
      throw new Error(
        `${manifestPath} is not a utilities manifest: ${z.prettifyError(
          manifest.error,
        )}`,
      );
    }
    for (const utility of manifest.data.utilities) {
      const path = join(directory, utility.name, utility.driverVersion);
      const read = await readDriverDirectory(path);
      if (!read.success) {
        throw new Error(
          `Utility ${utility.name} ${
            utility.driverVersion
          } (${path}) has problems: ${read.problems
            .map(formatStyrminProblem)
            .join('; ')}`,
        );
      }
      const { name } = read.bundle.spec.metadata;
      const { version } = read.bundle.spec.spec;
      if (name !== utility.name || version !== utility.driverVersion) {
        throw new Error(
          `${path} holds driver ${name} ${version}, not utility ${utility.name} ${utility.driverVersion}`,
        );
      }
      const loaded = await drivers.loadDriverVersion({
        bundle: read.bundle,
        source: { type: 'DIRECTORY', path },
        loadedBy: UTILITIES_LOADED_BY,
        utility: true,
      });
      if (loaded.created) {
        logger.info(
          `Loaded utility ${name} ${version} (${loaded.driverVersion.digest})`,
        );
      }
    }
    return new UtilityCatalog(manifest.data.utilities);
  }

  private constructor(utilities: Utility[]) {
    this.utilities = utilities;
  }
}
