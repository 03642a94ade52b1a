import { z } from 'zod/v4';
import { DnsLabel } from './driverFields';

const Port = z.int().min(1).max(65535);

/**
 * How a service is reached from outside its cluster: through an Ingress of the cluster's
 * `ingress_class` at the host docs/context.md derives from the deployment, the environment
 * and `base_domain`.
 *
 * @public
 */
export const DriverServiceExpose = z
  .strictObject({
    protocol: z
      .enum(['http', 'https'])
      .default('http')
      .describe(
        'What the Service speaks behind the Ingress: `http`, or `https` when the application terminates TLS itself. The URL users open is https when the cluster sets `ingress_tls_secret` or `ingress_cluster_issuer`, http otherwise.',
      ),
    path: z
      .string()
      .regex(/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/, {
        error: 'Must be an absolute URL path such as `/` or `/ui`',
      })
      .max(250)
      .refine(path => !path.split('/').includes('..'), {
        error: 'Must not contain `..`',
      })
      .default('/')
      .describe(
        'The URL path under which the Ingress routes to the Service (a prefix), and which the URL shown to users opens.',
      ),
  })
  .describe(
    'Makes the service reachable from outside the cluster through an Ingress; a cluster without `base_domain` exposes nothing.',
  );

/** @public */
export type DriverServiceExpose = z.infer<typeof DriverServiceExpose>;

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
    expose: DriverServiceExpose.optional(),
  })
  .describe(
    'A network endpoint of a component, created as a Kubernetes Service.',
  );

/** @public */
export type DriverService = z.infer<typeof DriverService>;
