import { z } from 'zod/v4';
import { MAX_REPLICAS } from '../configuration/configurationFields';
import { DnsLabel } from './driverFields';

/**
 * A label key as Kubernetes accepts it: an optional DNS subdomain prefix and a name.
 */
const LabelKey = z
  .string()
  .regex(
    /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/,
    { error: 'Must be a Kubernetes label key' },
  );

const LabelValue = z
  .string()
  .regex(/^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/, {
    error: 'Must be a Kubernetes label value',
  });

/**
 * One entry of `spec.components`: a logical part of the application, identified by a label
 * selector over the pods and workloads that the chart renders.
 *
 * @public
 */
export const DriverComponent = z
  .strictObject({
    selector: z
      .record(LabelKey, LabelValue)
      .refine(labels => Object.keys(labels).length > 0, {
        error: 'Must hold at least one label',
      })
      .describe(
        "The labels (as in `matchLabels`) that the component's workloads and pods carry in the rendered chart.",
      ),
    container: DnsLabel.optional().describe(
      "The component container: the one container in the component's pods that receives the overrides users set (env vars, image, command and args). Without it the component accepts none of them (COMPONENT_CONTAINER_NOT_DECLARED).",
    ),
    replicas: z
      .int()
      .min(1)
      // A Deployment's replicas is an int32: a larger default would render a chart the
      // apiserver refuses, after the driver had been accepted.
      .max(MAX_REPLICAS, {
        error: `A default replica count is at most ${MAX_REPLICAS}`,
      })
      .optional()
      .describe(
        "The driver default replica count, used when a deployment sets no replica override. Without it, 1 for a singleton and otherwise the chart's count.",
      ),
    singleton: z
      .boolean()
      .default(false)
      .describe(
        'Whether the component runs one replica only: its replica count is 1 and a replica override above 1 is refused (SINGLETON_REPLICA_OVERRIDE).',
      ),
  })
  .superRefine((component, ctx) => {
    if (component.singleton && (component.replicas ?? 1) > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['replicas'],
        message: `A singleton component runs 1 replica; remove replicas or set it to 1 (was ${component.replicas})`,
      });
    }
  })
  .describe(
    'A logical part of the application, identified by a label selector.',
  );

/** @public */
export type DriverComponent = z.infer<typeof DriverComponent>;
