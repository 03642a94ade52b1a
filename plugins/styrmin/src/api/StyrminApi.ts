import { createApiRef } from '@backstage/core-plugin-api';
import type { ServerInfo } from '@styrmin/sdk';

/**
 * What the portal UI reads from and writes to the Styrmin server.
 *
 * @public
 */
export interface StyrminApi {
  /**
   * The server that answers: its version and installation, and the database it runs on.
   */
  getServerInfo(): Promise<ServerInfo>;
}

/**
 * The {@link StyrminApi}. Created with the legacy `createApiRef` so that one ref serves
 * both the new frontend system (`ApiBlueprint`) and the legacy `createPlugin` apis.
 *
 * @public
 */
export const styrminApiRef = createApiRef<StyrminApi>({
  id: 'plugin.styrmin.api',
});
