import {
  Cluster,
  clusterFragment,
  Redeployment,
  redeploymentFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import {
  UpdateClusterInput as GeneratedUpdateClusterInput,
  UpdateClusterMutation,
} from './generated/operationTypes';
import { WithJsonFields } from './WithJsonFields';

/**
 * What `StyrminClient.updateCluster()` and `previewClusterUpdate()` take.
 *
 * @public
 */
export type UpdateClusterInput = GeneratedUpdateClusterInput;

/**
 * What `StyrminClient.updateCluster()` returns.
 *
 * @public
 */
export type UpdateClusterResult = WithJsonFields<
  UpdateClusterMutation['updateCluster'],
  { cluster: Cluster; redeployments: Redeployment[] }
>;

/** The `updateCluster` mutation. */
export const updateClusterOperation: StyrminOperation<
  { updateCluster: UpdateClusterResult },
  UpdateClusterResult
> = {
  operationName: 'UpdateCluster',
  document: /* GraphQL */ `
    mutation UpdateCluster($input: UpdateClusterInput!) {
      updateCluster(input: $input) {
        changed
        cluster {
          ...ClusterFields
        }
        redeployments {
          ...RedeploymentFields
        }
      }
    }
    ${clusterFragment}
    ${redeploymentFragment}
  `,
  result: data => data.updateCluster,
};
