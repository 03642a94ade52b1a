import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { FlatRoutes } from '@backstage/core-app-api';
import { Route } from 'react-router-dom';
import { mockStyrminApi } from './__testUtils__/fixtures';
import { styrminApiRef } from './api';
import { StyrminPage, styrminPlugin } from './plugin';

describe('styrmin plugin (legacy)', () => {
  it('provides the Styrmin API and the route refs of its pages', () => {
    expect(styrminPlugin.getId()).toBe('styrmin');
    expect([...styrminPlugin.getApis()].map(f => f.api.id)).toEqual([
      styrminApiRef.id,
    ]);
    expect(Object.keys(styrminPlugin.routes)).toEqual([
      'root',
      'drivers',
      'driver',
      'driverVersion',
      'driverVersionTab',
      'environment',
      'environmentTab',
      'deployment',
      'deploymentTab',
      'cluster',
      'clusterTab',
    ]);
  });

  it('renders the page at a deep link inside its own header, with breadcrumbs in the content', async () => {
    await renderInTestApp(
      <TestApiProvider apis={[[styrminApiRef, mockStyrminApi()]]}>
        {/* As a legacy app mounts it: FlatRoutes lets the pages below /styrmin through. */}
        <FlatRoutes>
          <Route path="/styrmin" element={<StyrminPage />} />
        </FlatRoutes>
      </TestApiProvider>,
      { routeEntries: ['/styrmin/drivers/infrahub/1.1.0/components'] },
    );

    expect(
      await screen.findByRole('heading', { name: 'Styrmin' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('tab', {
        name: 'Components and services',
        selected: true,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'database' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Styrmin' })).toHaveAttribute(
      'href',
      '/styrmin',
    );
    expect(screen.getByRole('link', { name: 'infrahub' })).toHaveAttribute(
      'href',
      '/styrmin/drivers/infrahub',
    );
  });
});
