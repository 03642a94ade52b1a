import { styrminDeploymentReadPermission } from '@styrmin/plugin-styrmin-common';
import { withPermission } from '../fieldResolvers';
import { QueryInstanceArgs } from '../generated/schemaTypes';
import { StyrminResolvers } from '../types';

/**
 * The `instance` query.
 *
 * @internal
 */
export function createInstanceQueries(): StyrminResolvers {
  return {
    Query: {
      instance: withPermission(
        styrminDeploymentReadPermission,
        (_parent, args: QueryInstanceArgs, context) =>
          context.loaders.instance.load(args.id),
      ),
    },
  };
}
