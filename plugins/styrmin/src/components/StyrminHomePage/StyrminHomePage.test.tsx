import { screen, within } from '@testing-library/react';
import {
  forbidden,
  mockStyrminApi,
  serverInfo,
} from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import userEvent from '@testing-library/user-event';
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

  describe('the environments', () => {
    /** The deployments table of an environment, by the environment's name. */
    const deploymentsOf = (environment: string) =>
      screen.queryByRole('table', { name: `Deployments of ${environment}` });
    const names = (environment: string) =>
      within(deploymentsOf(environment)!)
        .queryAllByRole('row')
        .slice(1)
        .map(row => within(row).getAllByRole('cell')[0].textContent);

    it('shows each environment with its deployments, their states and their latest tasks', async () => {
      renderPage(<StyrminHomePage />);

      expect(
        await screen.findByText('3 environments, 3 deployments'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'dev' })).toHaveAttribute(
        'href',
        '/styrmin/environments/dev',
      );
      const dev = within(deploymentsOf('dev')!);
      const semaphore = within(dev.getAllByRole('row')[2]);
      expect(
        semaphore.getByRole('link', { name: 'semaphore' }),
      ).toHaveAttribute('href', '/styrmin/deployments/d-semaphore-dev');
      // The state, and the latest task's result.
      expect(semaphore.getAllByText('FAILED')).toHaveLength(2);
      expect(
        semaphore.getByText('Install or upgrade the HelmRelease failed'),
      ).toBeInTheDocument();
      expect(
        semaphore.getByRole('link', { name: 'semaphore 1.0.0' }),
      ).toHaveAttribute('href', '/styrmin/drivers/semaphore/1.0.0');
      expect(
        semaphore.getByRole('link', {
          name: 'create_instance of semaphore: FAILED',
        }),
      ).toHaveAttribute(
        'href',
        '/styrmin/deployments/d-semaphore-dev/tasks?task=task-semaphore',
      );
      expect(
        within(screen.getByText('edge-lab').closest('section')!).getByText(
          'No deployments yet.',
        ),
      ).toBeInTheDocument();
    });

    it('filters by state and driver from the address, so that a view can be shared', async () => {
      renderPage(<StyrminHomePage />, undefined, {
        route: '/styrmin?state=RUNNING&driver=infrahub',
      });

      await screen.findByText('3 environments, 3 deployments');
      expect(names('dev')).toEqual(['infrahub']);
      expect(deploymentsOf('prod')).toBeNull();
      expect(
        within(screen.getByText('prod').closest('section')!).getByText(
          'No deployment matches the filters.',
        ),
      ).toBeInTheDocument();
    });

    it('shows only the environment the address names, and searches by name as you type', async () => {
      renderPage(<StyrminHomePage />, undefined, {
        route: '/styrmin?environment=dev&state=NOT-A-STATE',
      });

      await screen.findByText('3 environments, 3 deployments');
      // A state that is none is no filter.
      expect(names('dev')).toEqual(['infrahub', 'semaphore']);
      expect(screen.queryByRole('link', { name: 'prod' })).toBeNull();

      await userEvent.type(screen.getByLabelText('Search by name'), 'SEMA');

      expect(names('dev')).toEqual(['semaphore']);
    });

    it('says when there are no environments yet', async () => {
      renderPage(
        <StyrminHomePage />,
        mockStyrminApi({ getEnvironments: async () => [] }),
      );
      expect(
        await screen.findByText('No environments yet'),
      ).toBeInTheDocument();
    });

    it('shows why the environments could not be read, and the other sections', async () => {
      renderPage(
        <StyrminHomePage />,
        mockStyrminApi({
          getEnvironments: async () => {
            throw forbidden;
          },
        }),
      );
      expect(
        await within(card('Environments')).findByText(
          'Error: [FORBIDDEN] Reading drivers needs styrmin.driver.read',
        ),
      ).toBeInTheDocument();
      expect(await screen.findByText('SQLite')).toBeInTheDocument();
    });
  });

  describe('the clusters', () => {
    it("shows each cluster's agent health and last contact", async () => {
      renderPage(<StyrminHomePage />);

      const clusters = within(
        await screen.findByRole('list', { name: 'Clusters' }),
      );
      const item = (name: string) =>
        within(clusters.getByRole('link', { name }).closest('li')!);
      expect(clusters.getByRole('link', { name: 'local' })).toHaveAttribute(
        'href',
        '/styrmin/clusters/local',
      );
      expect(
        item('local').getByText(/^Healthy, last contact/),
      ).toBeInTheDocument();
      expect(
        item('edge').getByText(/^Stale, last contact/),
      ).toBeInTheDocument();
      expect(
        item('edge').getByTitle('2025-03-02T08:00:00.000Z'),
      ).toBeInTheDocument();
      expect(item('new').getByText('Never seen')).toBeInTheDocument();
    });

    it('says when no cluster is registered', async () => {
      renderPage(
        <StyrminHomePage />,
        mockStyrminApi({ getClusters: async () => [] }),
      );
      expect(
        await screen.findByText('No clusters registered yet'),
      ).toBeInTheDocument();
    });
  });
});
