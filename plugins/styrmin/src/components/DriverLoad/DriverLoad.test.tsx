import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  styrminDriverLoadPermission,
  styrminDriverReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';
import { infrahubVersion, mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DriversPage } from '../DriversPage';

// Dialogs typed into on a machine shared by many test runs.
jest.setTimeout(30_000);

const openForm = async () => {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Load driver version' }),
  );
  return within(
    screen.getByRole('dialog', { name: 'Load a driver version from git' }),
  );
};

describe('DriverLoad', () => {
  it('loads a version from git and links to it', async () => {
    const api = mockStyrminApi({
      loadDriver: async () => ({
        created: true,
        driverVersion: infrahubVersion,
      }),
    });
    renderPage(<DriversPage />, api);

    const form = await openForm();
    const load = form.getByRole('button', { name: 'Load' });
    expect(load).toBeDisabled();
    await userEvent.type(
      form.getByLabelText(/^Repository/),
      'https://git.example.com/drivers.git',
    );
    await userEvent.type(form.getByLabelText('Ref'), 'v1.2.0');
    await userEvent.type(form.getByLabelText('Path'), 'infrahub');
    await userEvent.click(load);

    await waitFor(() =>
      expect(api.loadDriver).toHaveBeenCalledWith({
        source: 'GIT',
        url: 'https://git.example.com/drivers.git',
        ref: 'v1.2.0',
        path: 'infrahub',
      }),
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      `Loaded ${infrahubVersion.name} ${infrahubVersion.version}`,
    );
    expect(within(status).getByRole('link')).toHaveAttribute(
      'href',
      `/styrmin/drivers/${infrahubVersion.name}/${infrahubVersion.version}`,
    );
    // The list is read again, to show the new version.
    await waitFor(() => expect(api.getDrivers).toHaveBeenCalledTimes(2));
  });

  it('says when the same content was loaded before', async () => {
    renderPage(
      <DriversPage />,
      mockStyrminApi({
        loadDriver: async () => ({
          created: false,
          driverVersion: infrahubVersion,
        }),
      }),
    );

    const form = await openForm();
    await userEvent.type(form.getByLabelText(/^Repository/), '/srv/drivers');
    await userEvent.click(form.getByRole('button', { name: 'Load' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Loaded before, with the same content: infrahub/,
    );
  });

  it('shows the coded refusal next to the field at fault', async () => {
    const api = mockStyrminApi({
      loadDriver: async () => {
        throw new StyrminApiError({
          code: 'VALIDATION_FAILED',
          status: 200,
          message: 'Repositories on git.example.com are not allowed',
          field: 'url',
        });
      },
    });
    renderPage(<DriversPage />, api);

    const form = await openForm();
    await userEvent.type(
      form.getByLabelText(/^Repository/),
      'https://git.example.com/drivers.git',
    );
    await userEvent.click(form.getByRole('button', { name: 'Load' }));

    expect(
      await form.findByText(
        '[VALIDATION_FAILED] Repositories on git.example.com are not allowed',
      ),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/^Repository/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(form.getByLabelText('Ref')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses a user without styrmin.driver.load, saying why', async () => {
    renderPage(<DriversPage />, mockStyrminApi(), {
      allowed: [styrminDriverReadPermission.name],
    });

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Load driver version' }),
      ).toBeDisabled(),
    );
    expect(
      screen.getByText(
        `Loading a driver version needs ${styrminDriverLoadPermission.name}, which administrators have.`,
      ),
    ).toBeInTheDocument();
  });
});
