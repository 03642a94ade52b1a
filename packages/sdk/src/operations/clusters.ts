import { Cluster, clusterFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** Reads `clusters`: what `StyrminClient.clusters()` returns. */
export const clustersOperation: StyrminOperation<
  { clusters: Cluster[] },
  Cluster[]
> = {
  operationName: 'Clusters',
  document: /* GraphQL */ `
    query Clusters {
      clusters {
        ...ClusterFields
      }
    }
    ${clusterFragment}
  `,
  result: data => data.clusters,
};
