import { mergeResolvers } from '../mergeResolvers';
import { StyrminResolvers } from '../types';
import { createInstanceFields } from './instanceFields';
import { createInstanceQueries } from './instanceQueries';

/**
 * The resolvers of the `instance` query and of the `Instance` and `ContextChange` types.
 *
 * @internal
 */
export function createInstanceResolvers(): StyrminResolvers {
  return mergeResolvers(createInstanceQueries(), createInstanceFields());
}
