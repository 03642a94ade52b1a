import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ServerInfo } from '@styrmin/sdk';
import { StyrminApi, styrminApiRef } from './api';
import { StyrminPage, styrminPlugin } from './plugin';

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

describe('styrmin plugin (legacy)', () => {
  it('provides the Styrmin API', () => {
    expect(styrminPlugin.getId()).toBe('styrmin');
    expect([...styrminPlugin.getApis()].map(f => f.api.id)).toEqual([
      styrminApiRef.id,
    ]);
  });

  it('renders StyrminPage inside its own page header', async () => {
    const styrminApi: jest.Mocked<StyrminApi> = {
      getServerInfo: jest.fn(async () => serverInfo),
    };

    await renderInTestApp(
      <TestApiProvider apis={[[styrminApiRef, styrminApi]]}>
        <Routes>
          <Route path="/styrmin" element={<StyrminPage />} />
        </Routes>
      </TestApiProvider>,
      { routeEntries: ['/styrmin'] },
    );

    expect(
      await screen.findByRole('heading', { name: 'Styrmin' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('SQLite')).toBeInTheDocument();
  });
});
