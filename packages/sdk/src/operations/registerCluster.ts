import { ClusterWithAgentToken, clusterFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { RegisterClusterInput as GeneratedRegisterClusterInput } from './generated/operationTypes';

/**
 * What `StyrminClient.registerCluster()` takes.
 *
 * @public
 */
export type RegisterClusterInput = GeneratedRegisterClusterInput;

/** The `registerCluster` mutation: the agent token comes back this once. */
export const registerClusterOperation: StyrminOperation<
  { registerCluster: ClusterWithAgentToken },
  ClusterWithAgentToken
> = {
  operationName: 'RegisterCluster',
  document: /* GraphQL */ `
    mutation RegisterCluster($input: RegisterClusterInput!) {
      registerCluster(input: $input) {
        agentToken
        cluster {
          ...ClusterFields
        }
      }
    }
    ${clusterFragment}
  `,
  result: data => data.registerCluster,
};
