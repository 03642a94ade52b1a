import {
  styrminDriverLoadPermission,
  styrminDriverReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { callerRef } from '../callerRef';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';
import { requirePermission } from '../../permissions/requirePermission';
import { DriverLoader } from '../../drivers/DriverLoader';
import { DriverStore } from '../../drivers/DriverStore';
import {
  GraphQLLoadDriverInput,
  parseLoadDriverInput,
} from '../../drivers/parseLoadDriverInput';
import {
  toGraphQLDriver,
  toGraphQLDriverVersion,
} from './toGraphQLDriverVersion';

/**
 * Options of {@link createDriverResolvers}.
 *
 * @internal
 */
export type CreateDriverResolversOptions = {
  store: DriverStore;
  loader: DriverLoader;
};

/**
 * The resolvers of the driver queries (`drivers`, `driver`, `driverVersion`, which need
 * `styrmin.driver.read`) and of `loadDriver` (`styrmin.driver.load`). The other driver
 * types read the objects that `toGraphQLDriverVersion` builds.
 *
 * @internal
 */
export function createDriverResolvers(
  options: CreateDriverResolversOptions,
): StyrminResolvers {
  const { store, loader } = options;
  const authorize = (
    context: StyrminGraphQLContext,
    permission: typeof styrminDriverReadPermission,
  ) =>
    requirePermission({
      permissions: context.permissions,
      credentials: context.credentials,
      permission,
    });

  return {
    Query: {
      drivers: async (_parent, _args, context) => {
        await authorize(context, styrminDriverReadPermission);
        return (await store.listDrivers()).map(toGraphQLDriver);
      },
      driver: async (_parent, args: { name: string }, context) => {
        await authorize(context, styrminDriverReadPermission);
        const driver = await store.getDriver({ name: args.name });
        return driver && toGraphQLDriver(driver);
      },
      driverVersion: async (
        _parent,
        args: { name: string; version: string },
        context,
      ) => {
        await authorize(context, styrminDriverReadPermission);
        const driverVersion = await store.getDriverVersion(args);
        return driverVersion && toGraphQLDriverVersion(driverVersion);
      },
    },
    Mutation: {
      loadDriver: async (
        _parent,
        args: { input: GraphQLLoadDriverInput },
        context,
      ) => {
        await authorize(context, styrminDriverLoadPermission);
        const { driverVersion, created } = await loader.load({
          input: parseLoadDriverInput(args.input),
          loadedBy: callerRef(context.credentials),
        });
        return {
          driverVersion: toGraphQLDriverVersion(driverVersion),
          created,
        };
      },
    },
  };
}
