import {
  maskConfiguration,
  styrminDeploymentReadPermission,
  styrminDriverReadPermission,
  styrminEnvironmentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { InstanceStore } from '../../instances/InstanceStore';
import {
  graphQLDriverVersionOf,
  storedDriverVersion,
} from '../drivers/graphQLDriverVersionOf';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { decodeCursor, encodeCursor, pageSize } from '../pagination';
import { StyrminResolvers } from '../types';

function isInstanceCursor(value: unknown): value is { number: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isInteger((value as { number: unknown }).number)
  );
}

/**
 * The fields of the `Deployment` type that its record does not hold as they are. Its
 * configuration goes out with its secret values masked.
 *
 * @internal
 */
export function createDeploymentFields(options: {
  instances: InstanceStore;
}): StyrminResolvers {
  const { instances } = options;
  const read = styrminDeploymentReadPermission;
  return {
    Deployment: {
      ...isoDateFields('createdAt', 'updatedAt', 'deletedAt'),
      environment: withPermission(
        styrminEnvironmentReadPermission,
        async (deployment, _args, context) =>
          (await context.loaders.environment.load(deployment.environmentId)) ??
          notStored(`Environment ${deployment.environmentId}`),
      ),
      driverVersion: withPermission(
        styrminDriverReadPermission,
        (deployment, _args, context) =>
          graphQLDriverVersionOf(context, deployment.driver),
      ),
      appVersion: deployment => deployment.configuration.app_version,
      configuration: withPermission(read, async (deployment, _args, context) =>
        maskConfiguration(
          deployment.configuration,
          (await storedDriverVersion(context, deployment.driver)).spec,
        ),
      ),
      activeInstance: withPermission(read, (deployment, _args, context) =>
        context.loaders.activeInstance.load(deployment.id),
      ),
      instances: withPermission(read, async (deployment, args) => {
        const page = await instances.listInstances({
          deploymentId: deployment.id,
          limit: pageSize(args.first),
          before: args.after
            ? decodeCursor(args.after, isInstanceCursor).number
            : undefined,
        });
        const last = page.instances.at(-1);
        return {
          nodes: page.instances,
          pageInfo: {
            endCursor: last ? encodeCursor({ number: last.number }) : null,
            hasNextPage: page.hasNextPage,
          },
        };
      }),
    },
  };
}
