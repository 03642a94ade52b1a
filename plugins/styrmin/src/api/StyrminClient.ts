import { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import {
  Driver,
  DriverVersion,
  LoadDriverInput,
  LoadDriverResult,
  ServerInfo,
  StyrminClient as StyrminSdkClient,
} from '@styrmin/sdk';
import { StyrminApi } from './StyrminApi';

/**
 * Options for {@link StyrminClient}.
 *
 * @public
 */
export interface StyrminClientOptions {
  discoveryApi: DiscoveryApi;
  fetchApi: FetchApi;
}

/**
 * The {@link StyrminApi} over `@styrmin/sdk`, the GraphQL client that styrminctl and the
 * agent use too. Failures reject with the SDK's `StyrminApiError`, which keeps the error
 * code and the field at fault that the UI shows next to the input.
 *
 * @public
 */
export class StyrminClient implements StyrminApi {
  readonly #sdk: StyrminSdkClient;

  constructor(options: StyrminClientOptions) {
    const { discoveryApi, fetchApi } = options;
    this.#sdk = StyrminSdkClient.create({
      // Resolved per request, so a discovery change (or a slow first lookup) never sticks.
      baseUrl: () => discoveryApi.getBaseUrl('styrmin'),
      // Backstage's fetch attaches the signed-in user's token; called through fetchApi so
      // that implementations relying on `this` keep working.
      fetch: (input, init) => fetchApi.fetch(input, init),
    });
  }

  getServerInfo(): Promise<ServerInfo> {
    return this.#sdk.serverInfo();
  }

  getDrivers(): Promise<Driver[]> {
    return this.#sdk.drivers();
  }

  getDriver(name: string): Promise<Driver | undefined> {
    return this.#sdk.driver(name);
  }

  getDriverVersion(options: {
    name: string;
    version: string;
  }): Promise<DriverVersion | undefined> {
    return this.#sdk.driverVersion(options);
  }

  loadDriver(input: LoadDriverInput): Promise<LoadDriverResult> {
    return this.#sdk.loadDriver(input);
  }
}
