import {
  Deployment,
  deploymentFragment,
  Instance,
  instanceFragment,
  taskFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * A deployment named by its id (tombstones too), or by its environment's name and its own.
 *
 * @public
 */
export type DeploymentRef =
  | { id: string }
  | { environment: string; name: string };

/**
 * A deployment with its active instance in full.
 *
 * @public
 */
export interface DeploymentWithInstance
  extends Omit<Deployment, 'activeInstance'> {
  activeInstance: Instance | null;
}

/** Reads `deployment`: what `StyrminClient.deployment()` returns. */
export const deploymentOperation: StyrminOperation<
  { deployment: DeploymentWithInstance | null },
  DeploymentWithInstance | undefined
> = {
  operationName: 'Deployment',
  document: /* GraphQL */ `
    query Deployment($id: ID, $environment: String, $name: String) {
      deployment(id: $id, environment: $environment, name: $name) {
        ...DeploymentFields
        activeInstance {
          ...InstanceFields
        }
      }
    }
    ${deploymentFragment}
    ${instanceFragment}
    ${taskFragment}
  `,
  result: data => data.deployment ?? undefined,
};
