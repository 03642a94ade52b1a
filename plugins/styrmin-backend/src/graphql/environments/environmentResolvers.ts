import { NotFoundError } from '@backstage/errors';
import {
  allValid,
  parseBackupStorageLocation,
  parseEnvironmentOverrides,
  parseRecordName,
  styrminClusterReadPermission,
  styrminDeploymentReadPermission,
  styrminEnvironmentCreatePermission,
  styrminEnvironmentDeletePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentUpdatePermission,
  withinField,
} from '@styrmin/plugin-styrmin-common';
import { ClusterStore } from '../../clusters/ClusterStore';
import { callerRef } from '../callerRef';
import {
  isoDateFields,
  oneOfIdOrName,
  withPermission,
} from '../fieldResolvers';
import { StyrminResolvers } from '../types';
import { SettingsReconciler } from '../../reconciliation/SettingsReconciler';
import {
  Environment,
  EnvironmentStore,
} from '../../environments/EnvironmentStore';

/**
 * Options of {@link createEnvironmentResolvers}.
 *
 * @internal
 */
export type CreateEnvironmentResolversOptions = {
  clusters: ClusterStore;
  environments: EnvironmentStore;
  settingsReconciler: SettingsReconciler;
};

type CreateEnvironmentInput = {
  name: string;
  cluster: string;
  overrides?: unknown;
  backupStorageLocation?: string | null;
};

type UpdateEnvironmentInput = {
  id: string;
  expectedVersion?: number | null;
  overrides?: unknown;
  backupStorageLocation?: string | null;
};

/**
 * The resolvers of the environment queries and mutations, and of the `Environment` type.
 *
 * @internal
 */
export function createEnvironmentResolvers(
  options: CreateEnvironmentResolversOptions,
): StyrminResolvers {
  const { clusters, environments, settingsReconciler: reconciler } = options;
  return {
    Query: {
      environments: withPermission(
        styrminEnvironmentReadPermission,
        (_parent, args: { cluster?: string | null }, context) =>
          args.cluster
            ? context.loaders.environmentsOfCluster.load(args.cluster)
            : environments.listEnvironments(),
      ),
      environment: withPermission(
        styrminEnvironmentReadPermission,
        (_parent, args: { id?: string; name?: string }) =>
          environments.getEnvironment(oneOfIdOrName('environment', args)),
      ),
      previewEnvironmentUpdate: withPermission(
        styrminEnvironmentReadPermission,
        (_parent, { input }: { input: UpdateEnvironmentInput }) =>
          reconciler.previewEnvironmentUpdate({
            environmentId: input.id,
            overridesPatch: input.overrides ?? undefined,
          }),
      ),
    },
    Mutation: {
      createEnvironment: withPermission(
        styrminEnvironmentCreatePermission,
        async (
          _parent,
          { input }: { input: CreateEnvironmentInput },
          context,
        ) => {
          const valid = allValid({
            name: parseRecordName(input.name),
            overrides: withinField(
              'overrides',
              parseEnvironmentOverrides(input.overrides ?? {}),
            ),
            backupStorageLocation: parseBackupStorageLocation(
              input.backupStorageLocation ?? null,
            ),
          });
          if (!(await clusters.getCluster({ id: input.cluster }))) {
            throw new NotFoundError(`Cluster ${input.cluster} does not exist`);
          }
          return environments.createEnvironment({
            name: valid.name,
            clusterId: input.cluster,
            overrides: valid.overrides,
            backupStorageLocation: valid.backupStorageLocation ?? undefined,
            createdBy: callerRef(context.credentials),
          });
        },
      ),
      updateEnvironment: withPermission(
        styrminEnvironmentUpdatePermission,
        async (
          _parent,
          { input }: { input: UpdateEnvironmentInput },
          context,
        ) => {
          const result = await reconciler.updateEnvironment({
            environmentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            overridesPatch: input.overrides ?? undefined,
            // Absent leaves it; null removes it.
            backupStorageLocation: input.backupStorageLocation,
            updatedBy: callerRef(context.credentials),
          });
          return {
            environment: result.record,
            changed: result.changed,
            redeployments: result.redeployments,
          };
        },
      ),
      deleteEnvironment: withPermission(
        styrminEnvironmentDeletePermission,
        (
          _parent,
          { input }: { input: { id: string; expectedVersion?: number | null } },
          context,
        ) =>
          reconciler.deleteEnvironment({
            environmentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            deletedBy: callerRef(context.credentials),
          }),
      ),
    },
    Environment: {
      ...isoDateFields<keyof Environment>(
        'createdAt',
        'updatedAt',
        'deletedAt',
      ),
      cluster: withPermission<Environment>(
        styrminClusterReadPermission,
        (environment, _args, context) =>
          context.loaders.cluster.load(environment.clusterId),
      ),
      deployments: withPermission<Environment>(
        styrminDeploymentReadPermission,
        (environment, _args, context) =>
          context.loaders.deploymentsOfEnvironment.load(environment.id),
      ),
    },
  };
}
