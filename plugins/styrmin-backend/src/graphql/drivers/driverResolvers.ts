import { DriverLoader } from '../../drivers/DriverLoader';
import { DriverStore } from '../../drivers/DriverStore';
import { mergeResolvers } from '../mergeResolvers';
import { StyrminResolvers } from '../types';
import { createDriverMutations } from './driverMutations';
import { createDriverQueries } from './driverQueries';

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
 * The resolvers of the driver queries and of `loadDriver`.
 *
 * @internal
 */
export function createDriverResolvers(
  options: CreateDriverResolversOptions,
): StyrminResolvers {
  return mergeResolvers(
    createDriverQueries(options),
    createDriverMutations(options),
  );
}
