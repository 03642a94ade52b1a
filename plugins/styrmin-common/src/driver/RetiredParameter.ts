import { z } from 'zod/v4';
import { DnsLabel } from './driverFields';

/**
 * One entry of `spec.retired_parameters`: a parameter that the driver version before this
 * one declared and this one no longer does, with what takes its value over.
 *
 * @public
 */
export const RetiredParameter = z
  .strictObject({
    replaced_by: z
      .strictObject({
        replica_override: DnsLabel.describe(
          "The component (of `spec.components`) whose replica override takes the parameter's value: a whole number of 1 or more, at most 1 for a singleton component (SINGLETON_REPLICA_OVERRIDE).",
        ),
      })
      .describe(
        "What takes the retired parameter's value when a deployment moves to this driver version. A value that differs from the parameter's default is carried over to it instead of being refused (RETIRED_PARAMETER_VALUE), unless the change sets the replacement itself or removes the parameter (a merge patch of `null`), which drops the value.",
      ),
  })
  .describe(
    'A parameter that an earlier driver version declared and this one replaces.',
  );

/** @public */
export type RetiredParameter = z.infer<typeof RetiredParameter>;
