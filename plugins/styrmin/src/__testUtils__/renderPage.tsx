import {
  renderInTestApp,
  TestApiProvider,
} from '@backstage/frontend-test-utils';
import { StyrminApi, styrminApiRef } from '../api';
import { rootRouteRef } from '../routes';
import { mockStyrminApi } from './fixtures';

/**
 * Renders one Styrmin page in a test app, with the plugin mounted at /styrmin so that the
 * page's links resolve, over the given API (the fixtures by default).
 */
export function renderPage(
  page: JSX.Element,
  api: jest.Mocked<StyrminApi> = mockStyrminApi(),
) {
  renderInTestApp(
    <TestApiProvider apis={[[styrminApiRef, api]]}>{page}</TestApiProvider>,
    { mountedRoutes: { '/styrmin': rootRouteRef } },
  );
  return api;
}
