import { DeploymentConfiguration } from '@styrmin/plugin-styrmin-common';
import { DeploymentQuery } from './generated/operationTypes';
import {
  deploymentFragment,
  Instance,
  instanceFragment,
  taskFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { WithJsonFields } from './WithJsonFields';

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
export type DeploymentWithInstance = WithJsonFields<
  NonNullable<DeploymentQuery['deployment']>,
  { configuration: DeploymentConfiguration; activeInstance: Instance | null }
>;

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
