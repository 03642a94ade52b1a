import { coreExtensionData } from '@backstage/frontend-plugin-api';
import {
  createExtensionTester,
  renderTestApp,
} from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import type { ServerInfo } from '@styrmin/sdk';
import { StyrminApi, styrminApiRef } from './api';
import styrminPlugin from './alpha';

const serverInfo: ServerInfo = {
  version: '0.1.0',
  installationId: '5f0c6f5e-2d7a-4b8e-9a51-3c1d2e4f6a7b',
  installedAt: '2025-03-01T12:30:00.000Z',
  database: {
    engine: 'SQLITE',
    version: '3.49.1',
    schemaVersion: '20250301000000_init.js',
  },
};

const styrminApi: jest.Mocked<StyrminApi> = {
  getServerInfo: jest.fn(async () => serverInfo),
};

describe('styrmin plugin (new frontend system)', () => {
  it('offers a page with a title and an icon, which put it in the navigation', () => {
    const tester = createExtensionTester(
      styrminPlugin.getExtension('page:styrmin'),
    );

    expect(tester.get(coreExtensionData.routePath)).toBe('/styrmin');
    expect(tester.get(coreExtensionData.title)).toBe('Styrmin');
    expect(tester.get(coreExtensionData.icon)).toBeDefined();
  });

  it('shows the server at /styrmin under the header the app draws', async () => {
    renderTestApp({
      features: [styrminPlugin],
      apis: [[styrminApiRef, styrminApi]],
      initialRouteEntries: ['/styrmin'],
    });

    expect(await screen.findByText('SQLite')).toBeInTheDocument();
    expect(screen.getByText(serverInfo.installationId)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Styrmin' }),
    ).toBeInTheDocument();
  });
});
