import { StyrminOperation } from '../StyrminOperation';
import { UpgradeEnvironmentInput as GeneratedUpgradeEnvironmentInput } from '../generated/operationTypes';
import {
  EnvironmentOperation,
  environmentOperationFragment,
} from './environmentOperationFields';

/**
 * What `StyrminClient.upgradeEnvironment()` and `environmentUpgradePlan()` take: the
 * environment, optionally named versions by deployment id (the others go to their
 * driver's newest), whether to take an environment backup first, and whether a named
 * version may be older (a downgrade).
 *
 * @public
 */
export type UpgradeEnvironmentInput = GeneratedUpgradeEnvironmentInput;

/** The `upgradeEnvironment` mutation: the parent task of an environment upgrade. */
export const upgradeEnvironmentOperation: StyrminOperation<
  { upgradeEnvironment: EnvironmentOperation },
  EnvironmentOperation
> = {
  operationName: 'UpgradeEnvironment',
  document: /* GraphQL */ `
    mutation UpgradeEnvironment($input: UpgradeEnvironmentInput!) {
      upgradeEnvironment(input: $input) {
        ...EnvironmentOperationFields
      }
    }
    ${environmentOperationFragment}
  `,
  result: data => data.upgradeEnvironment,
};
