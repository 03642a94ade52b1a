import { StyrminOperation } from '../StyrminOperation';
import {
  EnvironmentBackupPage,
  environmentBackupFragment,
} from './environmentBackupFields';

/**
 * What `StyrminClient.environmentBackups.list()` takes.
 *
 * @public
 */
export interface EnvironmentBackupsOptions {
  /** The environment's id. */
  id: string;
  /** The page size, 1 to 100 (20 by default). */
  first?: number;
  /** The `endCursor` of the page before. */
  after?: string;
}

/** Reads a page of an environment's environment backups, newest first; undefined for an unknown environment. */
export const environmentBackupsOperation: StyrminOperation<
  { environment: { environmentBackups: EnvironmentBackupPage } | null },
  EnvironmentBackupPage | undefined
> = {
  operationName: 'EnvironmentBackups',
  document: /* GraphQL */ `
    query EnvironmentBackups($id: ID!, $first: Int, $after: String) {
      environment(id: $id) {
        environmentBackups(first: $first, after: $after) {
          nodes {
            ...EnvironmentBackupFields
          }
          pageInfo {
            endCursor
            hasNextPage
          }
        }
      }
    }
    ${environmentBackupFragment}
  `,
  result: data => data.environment?.environmentBackups,
};
