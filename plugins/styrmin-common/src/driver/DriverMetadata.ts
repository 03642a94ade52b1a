import { z } from 'zod/v4';
import { DnsLabel } from './driverFields';

/**
 * The `metadata` of driver.styrmin.yml: what identifies the application driver across
 * its versions.
 *
 * @public
 */
export const DriverMetadata = z
  .strictObject({
    name: DnsLabel.describe(
      'The name of the application driver, a DNS label (for example `infrahub`). Every version of one driver has the same name.',
    ),
    title: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The name people read on the driver pages (for example `Infrahub`); the name when absent.',
      ),
  })
  .describe('Identifies the application driver across its versions.');

/** @public */
export type DriverMetadata = z.infer<typeof DriverMetadata>;
