import { styrminDriverLoadPermission } from '@styrmin/plugin-styrmin-common';
import { DriverLoader } from '../../drivers/DriverLoader';
import { parseLoadDriverInput } from '../../drivers/parseLoadDriverInput';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { MutationLoadDriverArgs } from '../generated/schemaTypes';
import { StyrminResolvers } from '../types';
import { toGraphQLDriverVersion } from './toGraphQLDriverVersion';

/**
 * The `loadDriver` mutation (`styrmin.driver.load`).
 *
 * @internal
 */
export function createDriverMutations(options: {
  loader: DriverLoader;
}): StyrminResolvers {
  const { loader } = options;
  return {
    Mutation: {
      loadDriver: withPermission(
        styrminDriverLoadPermission,
        async (_parent, args: MutationLoadDriverArgs, context) => {
          const { driverVersion, created } = await loader.load({
            input: parseLoadDriverInput(args.input),
            loadedBy: callerRef(context.credentials),
          });
          return {
            driverVersion: toGraphQLDriverVersion(driverVersion),
            created,
          };
        },
      ),
    },
  };
}
