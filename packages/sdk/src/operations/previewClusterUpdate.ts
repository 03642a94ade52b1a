import { Redeployment, redeploymentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** Reads `previewClusterUpdate`: the deployments a settings change would redeploy. */
export const previewClusterUpdateOperation: StyrminOperation<
  { previewClusterUpdate: Redeployment[] },
  Redeployment[]
> = {
  operationName: 'PreviewClusterUpdate',
  document: /* GraphQL */ `
    query PreviewClusterUpdate($input: UpdateClusterInput!) {
      previewClusterUpdate(input: $input) {
        ...RedeploymentFields
      }
    }
    ${redeploymentFragment}
  `,
  result: data => data.previewClusterUpdate,
};
