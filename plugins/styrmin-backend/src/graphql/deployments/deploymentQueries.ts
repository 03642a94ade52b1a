import { InputError } from '@backstage/errors';
import { styrminDeploymentReadPermission } from '@styrmin/plugin-styrmin-common';
import {
  DeploymentCursor,
  DeploymentStore,
} from '../../deployments/DeploymentStore';
import { EnvironmentStore } from '../../environments/EnvironmentStore';
import { withPermission } from '../fieldResolvers';
import { decodeCursor, encodeCursor, pageSize } from '../pagination';
import { StyrminResolvers } from '../types';

function isDeploymentCursor(value: unknown): value is DeploymentCursor {
  const cursor = value as DeploymentCursor;
  return (
    typeof cursor === 'object' &&
    cursor !== null &&
    typeof cursor.name === 'string' &&
    typeof cursor.id === 'string'
  );
}

/**
 * The deployment queries: `deployments` (a page, by name) and `deployment` (by id, or by
 * its environment's name and its own).
 *
 * @internal
 */
export function createDeploymentQueries(options: {
  environments: EnvironmentStore;
  deployments: DeploymentStore;
}): StyrminResolvers {
  const { environments, deployments } = options;
  const read = styrminDeploymentReadPermission;
  return {
    Query: {
      deployments: withPermission(read, async (_parent, args, context) => {
        const filter = args.filter ?? {};
        const page = await deployments.listDeployments({
          limit: pageSize(args.first),
          after: args.after
            ? decodeCursor(args.after, isDeploymentCursor)
            : undefined,
          environmentId: filter.environment ?? undefined,
          states: filter.states ?? undefined,
          driverName: filter.driver ?? undefined,
          driverVersion: filter.driverVersion ?? undefined,
          includeDeleted: filter.includeDeleted ?? false,
        });
        for (const deployment of page.deployments) {
          context.loaders.deployment.prime(deployment.id, deployment);
        }
        const last = page.deployments.at(-1);
        return {
          nodes: page.deployments,
          pageInfo: {
            endCursor: last
              ? encodeCursor({ name: last.name, id: last.id })
              : null,
            hasNextPage: page.hasNextPage,
          },
        };
      }),
      deployment: withPermission(read, async (_parent, args, context) => {
        const { id, environment, name } = args;
        if (id && !environment && !name) {
          return context.loaders.deployment.load(id);
        }
        if (!id && environment && name) {
          const found = await environments.getEnvironment({
            name: environment,
          });
          return (
            found &&
            deployments.getDeployment({ environmentId: found.id, name })
          );
        }
        throw new InputError(
          'Name the deployment by its id, or by its environment and its name',
        );
      }),
    },
  };
}
