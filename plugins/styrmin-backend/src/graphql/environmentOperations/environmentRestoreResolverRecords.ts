import { EnvironmentClones } from '../../environmentOperations/EnvironmentClones';
import { EnvironmentRestores } from '../../environmentOperations/EnvironmentRestores';

/**
 * What the resolvers of environment restores and clones call.
 *
 * @internal
 */
export type EnvironmentRestoreResolverRecords = {
  environmentRestores: EnvironmentRestores;
  environmentClones: EnvironmentClones;
};
