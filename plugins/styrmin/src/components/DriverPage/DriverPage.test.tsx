import { screen, within } from '@testing-library/react';
import {
  forbidden,
  infrahubPreviousVersion,
  mockStyrminApi,
} from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DriverPage } from './DriverPage';

/** The table row of a version. */
const row = (version: string) =>
  screen.getByRole('link', { name: version }).closest('tr') as HTMLElement;

describe('DriverPage', () => {
  it('shows the driver and each version, newest first', async () => {
    const api = renderPage(<DriverPage name="infrahub" />);

    expect(
      await screen.findByRole('heading', { name: 'Infrahub infrahub' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Infrahub is a graph-based source of truth for infrastructure.',
      ),
    ).toBeInTheDocument();
    const versions = screen
      .getAllByRole('link', { name: /^\d+\.\d+\.\d+$/ })
      .map(link => link.getAttribute('href'));
    expect(versions).toEqual([
      '/styrmin/drivers/infrahub/1.1.0',
      '/styrmin/drivers/infrahub/1.0.0',
    ]);

    const latest = within(row('1.1.0'));
    expect(latest.getByText('latest')).toBeInTheDocument();
    expect(latest.getByText('>=1.5.0 <1.7.0')).toBeInTheDocument();
    expect(latest.getByText('user:default/guest')).toBeInTheDocument();
    expect(latest.getByText('Upload')).toBeInTheDocument();
    expect(latest.getByText('sha256:3b1f9e0c5d7a')).toHaveAttribute(
      'title',
      expect.stringMatching(/^sha256:3b1f9e0c5d7a[0-9a-f]{52}$/),
    );

    const previous = within(row('1.0.0'));
    expect(previous.queryByText('latest')).toBeNull();
    expect(previous.getByText('>=1.4.0 <1.6.0')).toBeInTheDocument();
    expect(previous.getByText('styrminctl-local')).toBeInTheDocument();
    expect(
      previous.getByTitle(infrahubPreviousVersion.loadedAt),
    ).toBeInTheDocument();
    expect(previous.getByText('Git')).toBeInTheDocument();
    expect(
      previous.getByText('https://github.com/example/styrmin-drivers.git'),
    ).toBeInTheDocument();
    expect(api.getDriver).toHaveBeenCalledWith('infrahub');
    expect(api.getDriverVersion).not.toHaveBeenCalled();
  });

  it('says when no version of the driver is loaded', async () => {
    renderPage(<DriverPage name="nothing" />);

    expect(
      await screen.findByText('No driver named nothing is loaded'),
    ).toBeInTheDocument();
    // A link drawn as a button.
    expect(screen.getByRole('button', { name: 'All drivers' })).toHaveAttribute(
      'href',
      '/styrmin/drivers',
    );
  });

  it('shows why the driver could not be read, with the error code', async () => {
    renderPage(
      <DriverPage name="infrahub" />,
      mockStyrminApi({
        getDriver: async () => {
          throw forbidden;
        },
      }),
    );

    expect(
      await screen.findByText(
        'Error: [FORBIDDEN] Reading drivers needs styrmin.driver.read',
      ),
    ).toBeInTheDocument();
  });
});
