import { DeploymentTimelineQuery } from './generated/operationTypes';
import { ContextChange } from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { WithJsonFields } from './WithJsonFields';

/**
 * What `StyrminClient.deploymentTimeline()` takes.
 *
 * @public
 */
export interface DeploymentTimelineOptions {
  /** The deployment's id. */
  id: string;
  /** The page size, 1 to 100 (20 by default). */
  first?: number;
  after?: string;
}

/**
 * A page of a deployment's instances, newest first.
 *
 * @public
 */
export type DeploymentTimeline = WithJsonFields<
  NonNullable<DeploymentTimelineQuery['deployment']>['instances'],
  { nodes: TimelineEntry[] }
>;

/**
 * One instance in a deployment's timeline: who made the change and when, and its diff to
 * the instance before; the restore point its upgrade took, and for a rollback's instance
 * the instance it rolled back to (its task's cause names the failed upgrade of an
 * automatic one). `StyrminClient.instance()` reads the context too.
 *
 * @public
 */
export type TimelineEntry = WithJsonFields<
  NonNullable<
    DeploymentTimelineQuery['deployment']
  >['instances']['nodes'][number],
  { diff: ContextChange[] }
>;

/** Reads a page of `deployment.instances`; undefined for an unknown deployment. */
export const deploymentTimelineOperation: StyrminOperation<
  { deployment: { instances: DeploymentTimeline } | null },
  DeploymentTimeline | undefined
> = {
  operationName: 'DeploymentTimeline',
  document: /* GraphQL */ `
    query DeploymentTimeline($id: ID!, $first: Int, $after: String) {
      deployment(id: $id) {
        instances(first: $first, after: $after) {
          nodes {
            id
            number
            active
            createdBy
            createdAt
            driverVersion {
              name
              version
            }
            diff {
              path
              kind
              before
              after
              secret
            }
            task {
              id
              type
              status
              result
              cause {
                kind
                message
                record {
                  type
                  id
                  name
                }
              }
            }
            restorePoint {
              id
              veleroName
              phase
            }
            rollbackTo {
              number
            }
            restoresData
          }
          pageInfo {
            endCursor
            hasNextPage
          }
        }
      }
    }
  `,
  result: data => data.deployment?.instances,
};
