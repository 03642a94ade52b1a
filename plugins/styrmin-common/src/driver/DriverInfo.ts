import { z } from 'zod/v4';
import { HttpUrl } from './driverFields';

/**
 * `spec.info`: what the driver pages show about the application.
 *
 * @public
 */
export const DriverInfo = z
  .strictObject({
    icon: HttpUrl.optional().describe(
      'The URL of the application logo shown on the driver pages.',
    ),
    description: z
      .string()
      .min(1)
      .describe('What the application is and does, in a sentence or two.'),
    links: z
      .array(
        z.strictObject({
          title: z.string().min(1).describe('The text of the link.'),
          url: HttpUrl.describe('Where the link goes.'),
        }),
      )
      .default([])
      .describe(
        'Links shown on the driver pages: documentation, source, support.',
      ),
    authors: z
      .array(
        z.strictObject({
          name: z.string().min(1).describe('The name of the author.'),
          email: z
            .email()
            .optional()
            .describe('An address to write to about the driver.'),
          url: HttpUrl.optional().describe('A page about the author.'),
        }),
      )
      .default([])
      .describe('Who wrote and maintains the driver.'),
    license: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The license of the driver, as an SPDX expression (for example `Apache-2.0`).',
      ),
  })
  .describe('What the driver pages show about the application.');

/** @public */
export type DriverInfo = z.infer<typeof DriverInfo>;
