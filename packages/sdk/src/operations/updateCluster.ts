import {
  Cluster,
  clusterFragment,
  Redeployment,
  redeploymentFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.updateCluster()` and `previewClusterUpdate()` take.
 *
 * @public
 */
export interface UpdateClusterInput {
  id: string;
  /** The version the change applies to; the one on arrival when absent. */
  expectedVersion?: number;
  /** A JSON merge patch of the settings: null removes a setting. */
  settings: Record<string, unknown>;
}

/**
 * What `StyrminClient.updateCluster()` returns.
 *
 * @public
 */
export interface UpdateClusterResult {
  cluster: Cluster;
  changed: boolean;
  /** The deployments whose context changed, redeployed. */
  redeployments: Redeployment[];
}

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
