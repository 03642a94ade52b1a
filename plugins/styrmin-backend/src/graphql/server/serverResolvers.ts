import { version } from '../../../package.json';
import { ServerInfoStore } from '../../database/ServerInfoStore';
import { StyrminResolvers } from '../types';

/**
 * Options of {@link createResolvers}.
 *
 * @internal
 */
export type CreateResolversOptions = {
  serverInfo: ServerInfoStore;
};

/**
 * The resolvers of the Styrmin schema. `Database` needs none: the store's
 * `ServerInfoStoreDatabase` has the schema's field names and enum values.
 *
 * @internal
 */
export function createResolvers(
  options: CreateResolversOptions,
): StyrminResolvers {
  const { serverInfo } = options;
  return {
    Query: {
      // Each Server field fetches what it needs, so a query pays only for what it asks.
      server: () => ({}),
    },
    Server: {
      version: () => version,
      installationId: async () => (await serverInfo.getInstallation()).id,
      installedAt: async () =>
        (await serverInfo.getInstallation()).createdAt.toISOString(),
      database: () => serverInfo.getDatabase(),
    },
  };
}
