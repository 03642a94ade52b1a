import { Redeployment, redeploymentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** Reads `previewEnvironmentUpdate`: the deployments an overrides change would redeploy. */
export const previewEnvironmentUpdateOperation: StyrminOperation<
  { previewEnvironmentUpdate: Redeployment[] },
  Redeployment[]
> = {
  operationName: 'PreviewEnvironmentUpdate',
  document: /* GraphQL */ `
    query PreviewEnvironmentUpdate($input: UpdateEnvironmentInput!) {
      previewEnvironmentUpdate(input: $input) {
        ...RedeploymentFields
      }
    }
    ${redeploymentFragment}
  `,
  result: data => data.previewEnvironmentUpdate,
};
