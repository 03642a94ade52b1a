import { createApiRef } from '@backstage/core-plugin-api';
import type {
  Driver,
  DriverVersion,
  LoadDriverInput,
  LoadDriverResult,
  ServerInfo,
} from '@styrmin/sdk';

/**
 * What the portal UI reads from and writes to the Styrmin server. Each method is one
 * operation of the GraphQL API, as `@styrmin/sdk` types it; failures reject with the SDK's
 * `StyrminApiError`.
 *
 * @public
 */
export interface StyrminApi {
  /**
   * The server that answers: its version and installation, and the database it runs on.
   */
  getServerInfo(): Promise<ServerInfo>;

  /** Every application driver with at least one loaded version, by name. */
  getDrivers(): Promise<Driver[]>;

  /** One application driver with its versions, or undefined when none of them is loaded. */
  getDriver(name: string): Promise<Driver | undefined>;

  /** One application driver version, or undefined when it is not loaded. */
  getDriverVersion(options: {
    name: string;
    version: string;
  }): Promise<DriverVersion | undefined>;

  /**
   * Loads an application driver version from a directory on the server, a git repository
   * or uploaded files. Loading the same content again returns `created: false`.
   */
  loadDriver(input: LoadDriverInput): Promise<LoadDriverResult>;
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
