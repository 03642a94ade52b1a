import { DnsLabel } from '../driver/driverFields';

/**
 * The name of a cluster, an environment or a deployment: a DNS label (at most 63
 * lower-case letters, digits and "-"), so that it can name Kubernetes objects and label
 * values, and stand as a key in the context (`environment.deployments.<name>`).
 *
 * @public
 */
export const RecordName = DnsLabel;
