import { screen, within } from '@testing-library/react';
import {
  forbidden,
  mockStyrminApi,
  serverInfo,
} from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { StyrminHomePage } from './StyrminHomePage';

/** The card (an article with a heading) titled `title`. */
const card = (title: string) =>
  screen
    .getByText(title, { selector: '.MuiCardHeader-title' })
    .closest('.MuiCard-root') as HTMLElement;

describe('StyrminHomePage', () => {
  it('shows the drivers at a glance and the server', async () => {
    const api = renderPage(<StyrminHomePage />);

    expect(
      await screen.findByText('2 drivers, 3 versions loaded'),
    ).toBeInTheDocument();
    const newest = within(card('Drivers')).getAllByRole('link', {
      name: /\d+\.\d+\.\d+$/,
    });
    // Loaded last comes first.
    expect(newest.map(link => link.textContent)).toEqual([
      'Semaphore 1.0.0',
      'Infrahub 1.1.0',
      'Infrahub 1.0.0',
    ]);
    expect(newest[1]).toHaveAttribute(
      'href',
      '/styrmin/drivers/infrahub/1.1.0',
    );
    expect(
      within(card('Drivers')).getByRole('link', { name: 'All drivers' }),
    ).toHaveAttribute('href', '/styrmin/drivers');

    const server = card('Server');
    expect(within(server).getByText('0.1.0')).toBeInTheDocument();
    expect(
      within(server).getByText(serverInfo.installationId),
    ).toBeInTheDocument();
    expect(within(server).getByTitle(serverInfo.installedAt)).toHaveAttribute(
      'dateTime',
      serverInfo.installedAt,
    );
    expect(within(server).getByText('SQLite')).toBeInTheDocument();
    expect(
      within(server).getByText(serverInfo.database.schemaVersion),
    ).toBeInTheDocument();
    // The framework draws the header of new-system pages.
    expect(screen.queryByRole('heading', { name: 'Styrmin' })).toBeNull();
    expect(api.getServerInfo).toHaveBeenCalledTimes(1);
    expect(api.getDrivers).toHaveBeenCalledTimes(1);
  });

  it('says when no driver is loaded yet', async () => {
    renderPage(
      <StyrminHomePage />,
      mockStyrminApi({ getDrivers: async () => [] }),
    );

    expect(
      await screen.findByText('No drivers loaded yet'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('0 drivers, 0 versions loaded'),
    ).toBeInTheDocument();
  });

  it('shows why a section failed, with its error code, and the other sections', async () => {
    renderPage(
      <StyrminHomePage />,
      mockStyrminApi({
        getDrivers: async () => {
          throw forbidden;
        },
      }),
    );

    expect(
      await screen.findByText(
        'Error: [FORBIDDEN] Reading drivers needs styrmin.driver.read',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('SQLite')).toBeInTheDocument();
  });

  it('shows why the server could not be read', async () => {
    renderPage(
      <StyrminHomePage />,
      mockStyrminApi({
        getServerInfo: async () => {
          throw new Error('Styrmin is unreachable');
        },
      }),
    );

    expect(
      await screen.findByText('Error: Styrmin is unreachable'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Installation ID')).toBeNull();
  });
});
