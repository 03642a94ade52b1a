import { StyrminOperation } from '../StyrminOperation';
import { Restore, restoreFragment } from './backupFields';

/** Reads a deployment's restores, newest first; undefined for an unknown deployment. */
export const deploymentRestoresOperation: StyrminOperation<
  { deployment: { restores: Restore[] } | null },
  Restore[] | undefined
> = {
  operationName: 'DeploymentRestores',
  document: /* GraphQL */ `
    query DeploymentRestores($id: ID!, $first: Int) {
      deployment(id: $id) {
        restores(first: $first) {
          ...RestoreFields
        }
      }
    }
    ${restoreFragment}
  `,
  result: data => data.deployment?.restores,
};
