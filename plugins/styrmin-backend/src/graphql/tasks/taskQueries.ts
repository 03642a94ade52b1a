import { styrminDeploymentReadPermission } from '@styrmin/plugin-styrmin-common';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The `task` query.
 *
 * @internal
 */
export function createTaskQueries(): StyrminResolvers {
  return {
    Query: {
      task: withPermission(
        styrminDeploymentReadPermission,
        (_parent, args, context) => context.loaders.task.load(args.id),
      ),
    },
  };
}
