import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/frontend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { SWRConfig } from 'swr';
import { StyrminApi, styrminApiRef } from '../api';
import { rootRouteRef } from '../routes';
import { mockStyrminApi } from './fixtures';

/** How {@link renderPage} sets up the test app. */
export interface RenderPageOptions {
  /** The permissions the user has, by name; every one when absent. */
  allowed?: string[];
  /** The address the page opens at, for pages that read its query. */
  route?: string;
}

/**
 * Renders one Styrmin page in a test app, with the plugin mounted at /styrmin so that the
 * page's links resolve, over the given API (the fixtures by default).
 */
export function renderPage(
  page: JSX.Element,
  api: jest.Mocked<StyrminApi> = mockStyrminApi(),
  options: RenderPageOptions = {},
) {
  const { allowed, route } = options;
  const permissions = mockApis.permission({
    authorize: allowed
      ? request =>
          allowed.includes(request.permission.name)
            ? AuthorizeResult.ALLOW
            : AuthorizeResult.DENY
      : AuthorizeResult.ALLOW,
  });
  renderInTestApp(
    // usePermission keeps its answers in SWR's cache, which would carry one test's
    // permissions into the next: each render gets a cache of its own.
    <SWRConfig value={{ provider: () => new Map() }}>
      <TestApiProvider
        apis={[
          [styrminApiRef, api],
          [permissionApiRef, permissions],
        ]}
      >
        {page}
      </TestApiProvider>
    </SWRConfig>,
    {
      mountedRoutes: { '/styrmin': rootRouteRef },
      ...(route ? { initialRouteEntries: [route] } : {}),
    },
  );
  return api;
}
