import { styrminDriverLoadPermission } from '@styrmin/plugin-styrmin-common';
import { DriverLoader } from '../../drivers/DriverLoader';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';
import { parseLoadDriverInput } from './parseLoadDriverInput';
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
        async (_parent, args, context) => {
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
