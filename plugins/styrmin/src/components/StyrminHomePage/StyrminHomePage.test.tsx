import {
  renderInTestApp,
  TestApiProvider,
} from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import type { ServerInfo } from '@styrmin/sdk';
import { StyrminApi, styrminApiRef } from '../../api';
import { StyrminHomePage } from './StyrminHomePage';

const serverInfo: ServerInfo = {
  version: '0.1.0',
  installationId: '5f0c6f5e-2d7a-4b8e-9a51-3c1d2e4f6a7b',
  installedAt: '2025-03-01T12:30:00.000Z',
  database: {
    engine: 'POSTGRESQL',
    version: 'PostgreSQL 17.4 on x86_64-pc-linux-gnu',
    schemaVersion: '20250301000000_init.js',
  },
};

function mockStyrminApi(
  getServerInfo: StyrminApi['getServerInfo'],
): jest.Mocked<StyrminApi> {
  return { getServerInfo: jest.fn(getServerInfo) };
}

describe('StyrminHomePage', () => {
  it('shows the server and its database', async () => {
    const api = mockStyrminApi(async () => serverInfo);

    renderInTestApp(
      <TestApiProvider apis={[[styrminApiRef, api]]}>
        <StyrminHomePage />
      </TestApiProvider>,
    );

    expect(await screen.findByText('0.1.0')).toBeInTheDocument();
    expect(screen.getByText(serverInfo.installationId)).toBeInTheDocument();
    expect(
      screen.getByTitle(serverInfo.installedAt).getAttribute('dateTime'),
    ).toBe(serverInfo.installedAt);
    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByText(serverInfo.database.version)).toBeInTheDocument();
    expect(
      screen.getByText(serverInfo.database.schemaVersion),
    ).toBeInTheDocument();
    // The framework draws the header of new-system pages.
    expect(screen.queryByRole('heading', { name: 'Styrmin' })).toBeNull();
    expect(api.getServerInfo).toHaveBeenCalledTimes(1);
  });

  it('shows why the server could not be read', async () => {
    const api = mockStyrminApi(async () => {
      throw new Error('Styrmin is unreachable');
    });

    renderInTestApp(
      <TestApiProvider apis={[[styrminApiRef, api]]}>
        <StyrminHomePage />
      </TestApiProvider>,
    );

    expect(
      await screen.findByText('Error: Styrmin is unreachable'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Server')).toBeNull();
  });
});
