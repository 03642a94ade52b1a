import { EnvironmentUpgrades } from '../../environmentOperations/EnvironmentUpgrades';

/**
 * What the resolvers of the environment operations call.
 *
 * @internal
 */
export type EnvironmentOperationResolverRecords = {
  environmentUpgrades: EnvironmentUpgrades;
};
