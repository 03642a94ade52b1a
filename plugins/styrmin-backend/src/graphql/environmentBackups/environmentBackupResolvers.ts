import {
  styrminEnvironmentBackupCreatePermission,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentBackupReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { EnvironmentBackupCursor } from '../../environmentOperations/EnvironmentBackupStore';
import { EnvironmentBackupView } from '../../environmentOperations/environmentBackupStatus';
import { ttlOf } from '../backups/backupMutations';
import { callerRef } from '../callerRef';
import { notStored, withPermission } from '../fieldResolvers';
import { decodeCursor, encodeCursor, pageSize } from '../pagination';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';
import { EnvironmentBackupResolverRecords } from './environmentBackupResolverRecords';

function isEnvironmentBackupCursor(
  value: unknown,
): value is EnvironmentBackupCursor {
  const cursor = value as EnvironmentBackupCursor;
  return (
    typeof cursor === 'object' &&
    cursor !== null &&
    Number.isFinite(cursor.createdAt) &&
    typeof cursor.id === 'string'
  );
}

/** Lets the constituents' backups answer from the request's loader without a query more. */
function primed(
  context: StyrminGraphQLContext,
  views: EnvironmentBackupView[],
): EnvironmentBackupView[] {
  for (const { constituents } of views) {
    for (const { backup } of constituents) {
      if (backup) {
        context.loaders.backups.backup.prime(backup.id, backup);
      }
    }
  }
  return views;
}

/**
 * The resolvers of environment backups: `environmentBackup`, an environment's
 * `environmentBackups`, `createEnvironmentBackup` and `deleteEnvironmentBackup` (through
 * `EnvironmentBackups`), and the fields of the types, which never show a captured secret.
 *
 * @internal
 */
export function createEnvironmentBackupResolvers(
  records: EnvironmentBackupResolverRecords,
): StyrminResolvers {
  const environmentBackups = records.environmentBackupService;
  const read = styrminEnvironmentBackupReadPermission;
  return {
    Query: {
      environmentBackup: withPermission(
        read,
        async (_parent, { id }, context) => {
          const view = await environmentBackups.getEnvironmentBackup({ id });
          return view && primed(context, [view])[0];
        },
      ),
    },
    Mutation: {
      createEnvironmentBackup: withPermission(
        styrminEnvironmentBackupCreatePermission,
        (_parent, { input }, context) =>
          environmentBackups.createEnvironmentBackup({
            environmentId: input.environment,
            ttlSeconds: input.ttl ? ttlOf(input.ttl) : undefined,
            createdBy: callerRef(context.credentials),
          }),
      ),
      deleteEnvironmentBackup: withPermission(
        styrminEnvironmentBackupDeletePermission,
        (_parent, { input }, context) =>
          environmentBackups.deleteEnvironmentBackup({
            id: input.id,
            createdBy: callerRef(context.credentials),
          }),
      ),
    },
    Environment: {
      environmentBackups: withPermission(
        read,
        async (environment, args, context) => {
          const page = await environmentBackups.listEnvironmentBackups({
            environmentId: environment.id,
            limit: pageSize(args.first),
            after: args.after
              ? decodeCursor(args.after, isEnvironmentBackupCursor)
              : undefined,
          });
          const last = page.views.at(-1)?.environmentBackup;
          return {
            nodes: primed(context, page.views),
            pageInfo: {
              endCursor: last
                ? encodeCursor({
                    createdAt: last.createdAt.getTime(),
                    id: last.id,
                  } satisfies EnvironmentBackupCursor)
                : null,
              hasNextPage: page.hasNextPage,
            },
          };
        },
      ),
    },
    EnvironmentBackup: {
      id: view => view.environmentBackup.id,
      environment: async (view, _args, context) =>
        (await context.loaders.environment.load(
          view.environmentBackup.environmentId,
        )) ?? notStored(`Environment ${view.environmentBackup.environmentId}`),
      environmentName: view => view.environmentBackup.environment.name,
      backupStorageLocation: view =>
        view.environmentBackup.environment.backupStorageLocation,
      createdBy: view => view.environmentBackup.createdBy,
      createdAt: view => view.environmentBackup.createdAt.toISOString(),
    },
    EnvironmentBackupConstituent: {
      deploymentName: constituent => constituent.deployment.name,
      deployment: async (constituent, _args, context) =>
        (await context.loaders.deployment.load(
          constituent.deployment.deploymentId,
        )) ?? notStored(`Deployment ${constituent.deployment.deploymentId}`),
      driverName: constituent => constituent.deployment.driver.name,
      driverVersion: constituent => constituent.deployment.driver.version,
      appVersion: constituent =>
        constituent.deployment.configuration.app_version,
    },
  };
}
