import { coreExtensionData } from '@backstage/frontend-plugin-api';
import {
  createExtensionTester,
  renderTestApp,
} from '@backstage/frontend-test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { mockStyrminApi, serverInfo } from './__testUtils__/fixtures';
import { styrminApiRef } from './api';
import styrminPlugin from './alpha';

/*
 * The page's code loads lazily (PageBlueprint's loader) before it asks the API; on a
 * machine busy with other tests that takes longer than the one second findBy waits by
 * default, and the first look at a page failed for want of time, not of text.
 */
const PAGE_LOAD = { timeout: 10_000 };

function renderAt(path: string) {
  const api = mockStyrminApi();
  renderTestApp({
    features: [styrminPlugin],
    apis: [[styrminApiRef, api]],
    initialRouteEntries: [path],
  });
  return api;
}

describe('styrmin plugin (new frontend system)', () => {
  it('offers a page with a title and an icon, which put it in the navigation', () => {
    const tester = createExtensionTester(
      styrminPlugin.getExtension('page:styrmin'),
    );

    expect(tester.get(coreExtensionData.routePath)).toBe('/styrmin');
    expect(tester.get(coreExtensionData.title)).toBe('Styrmin');
    expect(tester.get(coreExtensionData.icon)).toBeDefined();
  });

  it.each([
    ['entity-content:styrmin/cluster', '/styrmin', 'Styrmin'],
    ['entity-content:styrmin/environment', '/styrmin', 'Deployments'],
    ['entity-content:styrmin/deployment', '/styrmin', 'Styrmin'],
    ['entity-content:styrmin/deployment-tasks', '/styrmin-tasks', 'Tasks'],
  ] as const)(
    'adds %s as a tab of its own, in no drop-down group',
    (id, path, title) => {
      const tester = createExtensionTester(styrminPlugin.getExtension(id));

      expect(tester.get(coreExtensionData.routePath)).toBe(path);
      expect(tester.get(EntityContentBlueprint.dataRefs.title)).toBe(title);
      expect(tester.get(EntityContentBlueprint.dataRefs.group)).toBeUndefined();
    },
  );

  it('shows the home page at /styrmin under the header the app draws', async () => {
    renderAt('/styrmin');

    expect(
      await screen.findByText('SQLite', undefined, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(serverInfo.installationId)).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Infrahub 1.1.0' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Styrmin' }),
    ).toBeInTheDocument();
  });

  it('opens a tab of a driver version from its address, with the way back in the breadcrumbs', async () => {
    const api = renderAt('/styrmin/drivers/infrahub/1.1.0/actions');

    expect(
      await screen.findByRole(
        'tab',
        { name: 'Actions (4)', selected: true },
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('run-migrations')).toBeInTheDocument();
    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(breadcrumbs).getByRole('link', { name: 'Drivers' }),
    ).toHaveAttribute('href', '/styrmin/drivers');
    expect(
      within(breadcrumbs).getByRole('link', { name: 'infrahub' }),
    ).toHaveAttribute('href', '/styrmin/drivers/infrahub');
    expect(api.getDriverVersion).toHaveBeenCalledWith({
      name: 'infrahub',
      version: '1.1.0',
    });
  });

  it('sends an address with an unknown tab to the overview', async () => {
    renderAt('/styrmin/drivers/infrahub/1.1.0/nonsense');

    expect(
      await screen.findByRole(
        'tab',
        { name: 'Overview', selected: true },
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('says when Styrmin has no page at an address', async () => {
    renderAt('/styrmin/nowhere');

    expect(
      await screen.findByText(
        'Styrmin has no page at this address',
        undefined,
        PAGE_LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('goes from the home page to a driver version and through its tabs by links', async () => {
    const api = renderAt('/styrmin');

    await userEvent.click(
      await screen.findByRole('link', { name: 'All drivers' }, PAGE_LOAD),
    );
    await userEvent.click(
      await screen.findByRole('link', { name: 'Infrahub' }),
    );
    await userEvent.click(await screen.findByRole('link', { name: '1.0.0' }));
    expect(
      await screen.findByRole('tab', { name: 'Overview', selected: true }),
    ).toBeInTheDocument();
    api.getDriverVersion.mockClear();

    await userEvent.click(screen.getByRole('tab', { name: /^Parameters/ }));

    expect(
      await screen.findByRole('tab', { name: /^Parameters/, selected: true }),
    ).toHaveAttribute('href', '/styrmin/drivers/infrahub/1.0.0/parameters');
    expect(screen.getByText('admin_password')).toBeInTheDocument();
    // The tab changed the address, not the page: the version is not read again.
    expect(api.getDriverVersion).not.toHaveBeenCalled();
  });
});
