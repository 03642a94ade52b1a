import { StyrminOperation } from '../StyrminOperation';
import { BackupPage, backupFragment } from './backupFields';

/**
 * What `StyrminClient.deploymentBackups()` takes.
 *
 * @public
 */
export interface DeploymentBackupsOptions {
  /** The deployment's id; a tombstone's too. */
  id: string;
  /** The page size, 1 to 100 (20 by default). */
  first?: number;
  /** The `endCursor` of the page before. */
  after?: string;
}

/**
 * Reads a page of a deployment's backups, of every instance it has had, newest first;
 * undefined for an unknown deployment.
 */
export const deploymentBackupsOperation: StyrminOperation<
  { deployment: { backups: BackupPage } | null },
  BackupPage | undefined
> = {
  operationName: 'DeploymentBackups',
  document: /* GraphQL */ `
    query DeploymentBackups($id: ID!, $first: Int, $after: String) {
      deployment(id: $id) {
        backups(first: $first, after: $after) {
          nodes {
            ...BackupFields
          }
          pageInfo {
            endCursor
            hasNextPage
          }
        }
      }
    }
    ${backupFragment}
  `,
  result: data => data.deployment?.backups,
};
