import { EnvironmentOverrides } from '@styrmin/plugin-styrmin-common';
import { EnvironmentWithDeploymentsFieldsFragment } from './generated/operationTypes';
import { environmentFragment } from './recordFields';
import { WithJsonFields } from './WithJsonFields';

/**
 * An environment with its deployments that are not deleted, by name.
 *
 * @public
 */
export type EnvironmentWithDeployments = WithJsonFields<
  EnvironmentWithDeploymentsFieldsFragment,
  { overrides: EnvironmentOverrides }
>;

/**
 * A deployment as overviews list it: its state, what it runs, and how its newest task
 * went (`latestTask`, null before the first; its result computed by the server on every
 * read).
 *
 * @public
 */
export type DeploymentSummary =
  EnvironmentWithDeployments['deployments'][number];

/** The fields of an {@link EnvironmentWithDeployments}, with the fragments it spreads. */
export const environmentWithDeploymentsFragment = /* GraphQL */ `
  fragment EnvironmentWithDeploymentsFields on Environment {
    ...EnvironmentFields
    deployments {
      id
      name
      state
      stateReason
      driverVersion {
        name
        version
      }
      appVersion
      updatedAt
      latestTask {
        id
        type
        status
        result
        createdAt
      }
    }
  }
  ${environmentFragment}
`;
