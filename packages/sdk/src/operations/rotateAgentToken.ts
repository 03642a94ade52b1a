import { ClusterWithAgentToken, clusterFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** The `rotateAgentToken` mutation: the new token comes back this once. */
export const rotateAgentTokenOperation: StyrminOperation<
  { rotateAgentToken: ClusterWithAgentToken },
  ClusterWithAgentToken
> = {
  operationName: 'RotateAgentToken',
  document: /* GraphQL */ `
    mutation RotateAgentToken($input: RotateAgentTokenInput!) {
      rotateAgentToken(input: $input) {
        agentToken
        cluster {
          ...ClusterFields
        }
      }
    }
    ${clusterFragment}
  `,
  result: data => data.rotateAgentToken,
};
