import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  styrminDriverLoadPermission,
  styrminDriverReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';
import { CompressionStream } from 'node:stream/web';
import { gunzipSync } from 'node:zlib';
import { infrahubVersion, mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DriversPage } from '../DriversPage';

// Dialogs typed into on a machine shared by many test runs.
jest.setTimeout(30_000);

// jsdom has no CompressionStream, which every browser the portal supports has.
beforeAll(() => {
  Object.assign(globalThis, { CompressionStream });
});

/** How long packing and answering may take on a busy machine (findBy's default is a second). */
const LOADED = { timeout: 10_000 };

/** A file of a chosen directory, as the browser lists it. */
function chosen(relativePath: string, content: string): File {
  const file = new File([content], relativePath.split('/').pop()!);
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath });
  return file;
}

/** Chooses the files in the upload's directory field. */
async function chooseDirectory(form: ReturnType<typeof within>, files: File[]) {
  await userEvent.click(
    form.getByRole('radio', { name: 'Upload a directory' }),
  );
  fireEvent.change(form.getByLabelText('Driver directory'), {
    target: { files },
  });
}

const openForm = async () => {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Load driver version' }),
  );
  return within(screen.getByRole('dialog', { name: 'Load a driver version' }));
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

  it('uploads the files of a chosen directory, packed as styrminctl packs them', async () => {
    const api = mockStyrminApi({
      loadDriver: async () => ({
        created: true,
        driverVersion: infrahubVersion,
      }),
    });
    renderPage(<DriversPage />, api);

    const form = await openForm();
    const driverYaml = 'name: infrahub\nversion: 1.0.0\n';
    const chart = 'apiVersion: v2\nname: infrahub\n';
    await chooseDirectory(form, [
      chosen('1.0.0/driver.yaml', driverYaml),
      chosen('1.0.0/chart/Chart.yaml', chart),
      chosen('1.0.0/.git/config', '[core]\n'),
    ]);
    expect(
      await form.findByText(/^2 files of 1\.0\.0, \d+ B packed$/, {}, LOADED),
    ).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Load' }));

    await waitFor(
      () => expect(api.loadDriver).toHaveBeenCalledTimes(1),
      LOADED,
    );
    const [input] = api.loadDriver.mock.calls[0];
    expect(input).toMatchObject({ source: 'UPLOAD', path: '1.0.0' });
    // The bundle's serialization: by path in byte order, path NUL length NUL content.
    const archive = (input as { archive: string }).archive;
    expect(gunzipSync(Buffer.from(archive, 'base64')).toString()).toBe(
      `chart/Chart.yaml\0${chart.length}\0${chart}` +
        `driver.yaml\0${driverYaml.length}\0${driverYaml}`,
    );
    expect(await screen.findByRole('status', {}, LOADED)).toHaveTextContent(
      `Loaded ${infrahubVersion.name} ${infrahubVersion.version}`,
    );
  });

  it('shows the server’s refusal of an upload at the directory, and loads nothing before one is chosen', async () => {
    const api = mockStyrminApi({
      loadDriver: async () => {
        throw new StyrminApiError({
          code: 'VALIDATION_FAILED',
          status: 200,
          message: 'driver.yaml: spec.components is missing',
          field: 'archive',
        });
      },
    });
    renderPage(<DriversPage />, api);

    const form = await openForm();
    await userEvent.click(
      form.getByRole('radio', { name: 'Upload a directory' }),
    );
    expect(form.getByRole('button', { name: 'Load' })).toBeDisabled();
    await chooseDirectory(form, [chosen('broken/driver.yaml', 'name: x\n')]);
    await waitFor(
      () => expect(form.getByRole('button', { name: 'Load' })).toBeEnabled(),
      LOADED,
    );
    await userEvent.click(form.getByRole('button', { name: 'Load' }));

    expect(
      await form.findByText(
        '[VALIDATION_FAILED] driver.yaml: spec.components is missing',
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
