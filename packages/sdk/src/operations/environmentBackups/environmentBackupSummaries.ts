import { StyrminOperation } from '../StyrminOperation';
import { EnvironmentBackupSummariesQuery } from '../generated/operationTypes';

/**
 * A page of environment backups in brief, newest first: each one's status, who took it
 * and when, and its constituents' deployment names with whether their backup is left.
 * What a list shows; `get(id)` reads one in full.
 *
 * @public
 */
export type EnvironmentBackupSummaryPage = NonNullable<
  EnvironmentBackupSummariesQuery['environment']
>['environmentBackups'];

/**
 * An environment backup in brief.
 *
 * @public
 */
export type EnvironmentBackupSummary =
  EnvironmentBackupSummaryPage['nodes'][number];

/**
 * Reads a page of an environment's environment backups in brief; undefined for an unknown
 * environment. Each constituent's backup in full would cost a page of 20 more than the
 * API's query limit allows.
 */
export const environmentBackupSummariesOperation: StyrminOperation<
  { environment: { environmentBackups: EnvironmentBackupSummaryPage } | null },
  EnvironmentBackupSummaryPage | undefined
> = {
  operationName: 'EnvironmentBackupSummaries',
  document: /* GraphQL */ `
    query EnvironmentBackupSummaries($id: ID!, $first: Int, $after: String) {
      environment(id: $id) {
        environmentBackups(first: $first, after: $after) {
          nodes {
            id
            status
            createdBy
            createdAt
            constituents {
              deploymentName
              backup {
                id
              }
            }
          }
          pageInfo {
            endCursor
            hasNextPage
          }
        }
      }
    }
  `,
  result: data => data.environment?.environmentBackups,
};
