import { styrminDeploymentReadPermission } from '@styrmin/plugin-styrmin-common';
import { withPermission } from '../fieldResolvers';
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
        (_parent, args, context) => context.loaders.instance.load(args.id),
      ),
    },
  };
}
