import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forbidden, mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DriversPage } from './DriversPage';

/** The table row that names the driver titled `title`. */
const row = (title: string) =>
  screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

describe('DriversPage', () => {
  it('lists every driver with its latest version', async () => {
    const api = renderPage(<DriversPage />);

    await screen.findByRole('link', { name: 'Infrahub' });
    const infrahub = within(row('Infrahub'));
    expect(infrahub.getByRole('link', { name: 'Infrahub' })).toHaveAttribute(
      'href',
      '/styrmin/drivers/infrahub',
    );
    expect(infrahub.getByText('infrahub')).toBeInTheDocument();
    expect(
      infrahub.getByText(
        'Infrahub is a graph-based source of truth for infrastructure.',
      ),
    ).toBeInTheDocument();
    expect(infrahub.getByRole('link', { name: '1.1.0' })).toHaveAttribute(
      'href',
      '/styrmin/drivers/infrahub/1.1.0',
    );
    expect(infrahub.getByText('2')).toBeInTheDocument();
    expect(infrahub.getByText('>=1.5.0 <1.7.0')).toBeInTheDocument();
    // The icon is the logo; a driver without one gets its initial.
    expect(
      row('Infrahub').querySelector(
        'img[src="https://example.com/infrahub.png"]',
      ),
    ).not.toBeNull();
    expect(within(row('Semaphore')).getByText('S')).toBeInTheDocument();
    // One request: the list carries what the page shows of each driver.
    expect(api.getDrivers).toHaveBeenCalledTimes(1);
    expect(api.getDriverVersion).not.toHaveBeenCalled();
  });

  it('finds drivers by name', async () => {
    renderPage(<DriversPage />);

    await userEvent.type(
      await screen.findByPlaceholderText('Search by name'),
      'sema',
    );

    // The table waits for typing to pause before it filters.
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Infrahub' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Semaphore' })).toBeInTheDocument();
  });

  it('says how drivers are loaded when there are none', async () => {
    renderPage(<DriversPage />, mockStyrminApi({ getDrivers: async () => [] }));

    expect(await screen.findByText('No drivers loaded')).toBeInTheDocument();
    // The snippet loads its highlighter lazily, then draws a span per word.
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'CODE' &&
          element.textContent === 'styrminctl drivers load <dir|git-url>',
      ),
    ).toBeInTheDocument();
  });

  it('shows why the drivers could not be read, with the error code', async () => {
    renderPage(
      <DriversPage />,
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
    expect(screen.queryByRole('table')).toBeNull();
  });
});
