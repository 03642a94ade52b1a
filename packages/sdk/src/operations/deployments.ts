import { Deployment, deploymentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import {
  DeploymentFilter as GeneratedDeploymentFilter,
  DeploymentsQuery,
} from './generated/operationTypes';
import { WithJsonFields } from './WithJsonFields';

/**
 * Which deployments `StyrminClient.deployments()` lists.
 *
 * @public
 */
export type DeploymentFilter = GeneratedDeploymentFilter;

/**
 * What `StyrminClient.deployments()` takes.
 *
 * @public
 */
export interface DeploymentsOptions {
  /** The page size, 1 to 100 (20 by default). */
  first?: number;
  /** The `endCursor` of the page before. */
  after?: string;
  filter?: DeploymentFilter;
}

/**
 * A page of deployments.
 *
 * @public
 */
export type DeploymentPage = WithJsonFields<
  DeploymentsQuery['deployments'],
  { nodes: Deployment[] }
>;

/** Reads a page of `deployments`. */
export const deploymentsOperation: StyrminOperation<
  { deployments: DeploymentPage },
  DeploymentPage
> = {
  operationName: 'Deployments',
  document: /* GraphQL */ `
    query Deployments($first: Int, $after: String, $filter: DeploymentFilter) {
      deployments(first: $first, after: $after, filter: $filter) {
        nodes {
          ...DeploymentFields
        }
        pageInfo {
          endCursor
          hasNextPage
        }
      }
    }
    ${deploymentFragment}
  `,
  result: data => data.deployments,
};
