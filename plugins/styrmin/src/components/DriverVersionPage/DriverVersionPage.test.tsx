import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyrminApiError } from '@styrmin/sdk';
import { infrahubVersion, mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DriverVersionPage } from './DriverVersionPage';

describe('DriverVersionPage', () => {
  it('opens on the overview: what the driver says of itself, its chart and where it came from', async () => {
    const api = renderPage(
      <DriverVersionPage name="infrahub" version="1.1.0" />,
    );

    expect(
      await screen.findByRole('tab', { name: 'Overview', selected: true }),
    ).toHaveAttribute('href', '/styrmin/drivers/infrahub/1.1.0');
    expect(
      screen.getByRole('heading', { name: 'Infrahub 1.1.0' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Documentation/ }),
    ).toHaveAttribute('href', 'https://docs.infrahub.app');
    expect(screen.getByText('Styrmin maintainers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Ada Operator/ })).toHaveAttribute(
      'href',
      'https://example.com/ada',
    );
    expect(
      screen.getByRole('link', { name: /^ada@example.com/ }),
    ).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(screen.getByText('Apache-2.0')).toBeInTheDocument();
    expect(screen.getByText('>=1.5.0 <1.7.0')).toBeInTheDocument();
    expect(screen.getByText('infrahub 1.1.0')).toBeInTheDocument();
    expect(screen.getByText(infrahubVersion.digest)).toBeInTheDocument();
    expect(
      screen.getByText('/work/drivers/infrahub/1.1.0'),
    ).toBeInTheDocument();
    expect(
      screen.getAllByRole('tab').map(tab => tab.getAttribute('href')),
    ).toEqual([
      '/styrmin/drivers/infrahub/1.1.0',
      '/styrmin/drivers/infrahub/1.1.0/parameters',
      '/styrmin/drivers/infrahub/1.1.0/components',
      '/styrmin/drivers/infrahub/1.1.0/actions',
    ]);
    expect(api.getDriverVersion).toHaveBeenCalledWith({
      name: 'infrahub',
      version: '1.1.0',
    });
  });

  it('shows the parameters as a table and as the form, with secrets empty', async () => {
    renderPage(
      <DriverVersionPage name="infrahub" version="1.1.0" tab="parameters" />,
    );

    expect(
      await screen.findByRole('tab', {
        name: 'Parameters (5)',
        selected: true,
      }),
    ).toBeInTheDocument();
    const table = within(
      screen
        .getByRole('heading', { name: 'Parameters' })
        .closest('.MuiPaper-root') as HTMLElement,
    );
    const password = table.getByText('admin_password').closest('tr')!;
    expect(within(password).getByText('secret')).toBeInTheDocument();
    expect(within(password).getByText('Required')).toBeInTheDocument();
    expect(
      within(password).getByText('At least 12 characters'),
    ).toBeInTheDocument();
    const level = table.getByText('log_level').closest('tr')!;
    expect(
      within(level).getByText('One of DEBUG, INFO, WARNING, ERROR'),
    ).toBeInTheDocument();
    expect(within(level).getByText('INFO')).toBeInTheDocument();
    const heap = table.getByText('database_heap_gib').closest('tr')!;
    expect(within(heap).getByText('From 0.5 to 64')).toBeInTheDocument();

    // The form, drawn from parametersJsonSchema: read-only, with the defaults.
    const secret = screen.getByLabelText(/^Admin password/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(secret).toBeDisabled();
    expect(screen.getByLabelText(/^Default branch/)).toHaveValue('main');
    expect(screen.getByLabelText(/^Database heap/)).toHaveValue(1);
    expect(screen.getByLabelText(/^Send telemetry/)).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows the components and the services', async () => {
    renderPage(
      <DriverVersionPage name="infrahub" version="1.1.0" tab="components" />,
    );

    // The first cell of a row names the component; its container may share the name.
    const worker = (
      await screen.findAllByRole('cell', { name: 'task-worker' })
    )[0].closest('tr')!;
    expect(
      within(worker).getByText('app.kubernetes.io/component=task-worker'),
    ).toBeInTheDocument();
    expect(within(worker).getByText('2')).toBeInTheDocument();
    const database = screen
      .getByRole('cell', { name: 'database' })
      .closest('tr')!;
    expect(within(database).getByText('singleton')).toBeInTheDocument();
    expect(within(database).getByText('None')).toBeInTheDocument();
    expect(within(database).getByText('1')).toBeInTheDocument();
    const server = screen
      .getAllByRole('cell', { name: 'server' })[0]
      .closest('tr')!;
    expect(within(server).getByText('From the chart')).toBeInTheDocument();

    const http = screen
      .getAllByRole('cell', { name: 'http' })[0]
      .closest('tr')!;
    expect(
      within(http)
        .getAllByRole('cell')
        .map(cell => cell.textContent),
    ).toEqual(['http', 'server', '80', 'http', 'TCP', 'ClusterIP']);
  });

  it('lists the actions by hook and mode, in the order they run', async () => {
    renderPage(
      <DriverVersionPage name="infrahub" version="1.1.0" tab="actions" />,
    );

    const upgrade = within(
      (await screen.findByText('Upgrade hook')).closest(
        '.MuiCard-root',
      ) as HTMLElement,
    );
    expect(
      upgrade
        .getAllByRole('heading', { level: 5 })
        .map(heading => heading.textContent),
    ).toEqual(['stop-task-workers', 'run-migrations', 'start-task-workers']);
    expect(
      upgrade.getAllByRole('heading', { level: 4 }).map(h => h.textContent),
    ).toEqual(['1. pre', '2. core', '3. post']);
    expect(upgrade.getByText('runMigrations')).toBeInTheDocument();
    expect(upgrade.getByText('migration_timeout_minutes')).toBeInTheDocument();
    expect(upgrade.getByText('From 5 to 240')).toBeInTheDocument();

    const setup = within(
      screen.getByText('Setup hook').closest('.MuiCard-root') as HTMLElement,
    );
    expect(
      setup.getAllByRole('heading', { level: 5 }).map(h => h.textContent),
    ).toEqual(['verify-server']);
    expect(setup.getAllByText('No actions.')).toHaveLength(2);
  });

  it('moves between tabs with the keyboard', async () => {
    renderPage(<DriverVersionPage name="infrahub" version="1.1.0" />);

    const overview = await screen.findByRole('tab', { name: 'Overview' });
    await userEvent.tab();
    expect(overview).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Parameters (5)' })).toHaveFocus();
  });

  it('says when the version is not loaded', async () => {
    renderPage(<DriverVersionPage name="infrahub" version="9.9.9" />);

    expect(
      await screen.findByText('Version 9.9.9 of infrahub is not loaded'),
    ).toBeInTheDocument();
    expect(
      // A link drawn as a button.
      screen.getByRole('button', { name: 'Versions of infrahub' }),
    ).toHaveAttribute('href', '/styrmin/drivers/infrahub');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows why the version could not be read, with the error code', async () => {
    renderPage(
      <DriverVersionPage name="infrahub" version="1.1.0" tab="parameters" />,
      mockStyrminApi({
        getDriverVersion: async () => {
          throw new StyrminApiError({
            code: 'UNAVAILABLE',
            message: 'Could not reach the Styrmin server',
          });
        },
      }),
    );

    expect(
      await screen.findByText(
        'Error: [UNAVAILABLE] Could not reach the Styrmin server',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
