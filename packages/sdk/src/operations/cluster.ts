import { Cluster, clusterFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * A record named by its id or by its name.
 *
 * @public
 */
export type RecordRef = { id: string } | { name: string };

/** Reads `cluster(id | name)`: what `StyrminClient.cluster()` returns. */
export const clusterOperation: StyrminOperation<
  { cluster: Cluster | null },
  Cluster | undefined
> = {
  operationName: 'Cluster',
  document: /* GraphQL */ `
    query Cluster($id: ID, $name: String) {
      cluster(id: $id, name: $name) {
        ...ClusterFields
      }
    }
    ${clusterFragment}
  `,
  result: data => data.cluster ?? undefined,
};
