import { z } from 'zod/v4';
import { DnsLabel } from './driverFields';

const Port = z.int().min(1).max(65535);

/**
 * One entry of `spec.services`: a network endpoint of a component, which Styrmin creates
 * as a Kubernetes Service in the deployment's namespace.
 *
 * @public
 */
export const DriverService = z
  .strictObject({
    name: DnsLabel.describe(
      'The name of the Service, unique within the driver. Other deployments of the environment reach it by this name.',
    ),
    component: DnsLabel.describe(
      'The component whose pods serve the endpoint; one of `spec.components`.',
    ),
    port: Port.describe('The port the Service listens on.'),
    target_port: z
      .union([
        Port,
        z
          .string()
          .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
          .max(15),
      ])
      .optional()
      .describe(
        "The container port the traffic goes to, as a number or as the name of a port of the component's pods; `port` when absent.",
      ),
    protocol: z
      .enum(['TCP', 'UDP', 'SCTP'])
      .default('TCP')
      .describe('The IP protocol of the port.'),
    type: z
      .enum(['ClusterIP', 'NodePort', 'LoadBalancer'])
      .default('ClusterIP')
      .describe('The Kubernetes Service type.'),
  })
  .describe(
    'A network endpoint of a component, created as a Kubernetes Service.',
  );

/** @public */
export type DriverService = z.infer<typeof DriverService>;
