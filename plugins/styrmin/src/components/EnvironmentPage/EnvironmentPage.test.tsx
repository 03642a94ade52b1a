import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  styrminDeploymentCreatePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentUpgradePermission,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';
import type {
  DeploymentChangeResult,
  EnvironmentOperation,
} from '@styrmin/sdk';
import { useLocation } from 'react-router-dom';
import { forbidden, mockStyrminApi } from '../../__testUtils__/fixtures';
import { devEnvironment } from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { EnvironmentPage } from './EnvironmentPage';

/** Where the app is: the page that creates a deployment moves to the new one's. */
const Location = () => (
  <output aria-label="Location">{useLocation().pathname}</output>
);

// The create dialog is typed into on a machine shared by many test runs.
jest.setTimeout(30_000);

describe('EnvironmentPage', () => {
  it('lists its deployments with their states, versions and latest tasks', async () => {
    renderPage(<EnvironmentPage name="dev" />);

    const table = within(
      await screen.findByRole('table', { name: 'Deployments of dev' }),
    );
    const [, infrahub, semaphore] = table.getAllByRole('row');
    expect(
      within(infrahub).getByRole('link', { name: 'infrahub' }),
    ).toHaveAttribute('href', '/styrmin/deployments/d-infrahub-dev');
    expect(within(infrahub).getByText('RUNNING')).toBeInTheDocument();
    expect(within(infrahub).getByText('1.5.2')).toBeInTheDocument();
    expect(within(semaphore).getByText('2.10.0')).toBeInTheDocument();
    expect(
      screen.getByRole('tab', { name: 'Deployments (2)' }),
    ).toHaveAttribute('aria-selected', 'true');
  });

  it('shows its cluster, overrides and backup storage location on the settings tab', async () => {
    renderPage(<EnvironmentPage name="dev" tab="settings" />);

    expect(await screen.findByRole('link', { name: 'local' })).toHaveAttribute(
      'href',
      '/styrmin/clusters/local',
    );
    expect(screen.getByText('minio')).toBeInTheDocument();
    // Highlighted as JSON, in pieces, once the highlighter has loaded.
    await waitFor(() =>
      expect(screen.getByRole('tabpanel')).toHaveTextContent(
        '{ "ingress_class": "traefik" }',
      ),
    );
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/styrmin/environments/dev/settings',
    );
  });

  it('says what an environment without deployments or settings has', async () => {
    renderPage(<EnvironmentPage name="edge-lab" />);
    expect(
      await screen.findByText('No deployments in edge-lab yet'),
    ).toBeInTheDocument();
  });

  it('says when there is no such environment', async () => {
    renderPage(<EnvironmentPage name="staging" />);
    expect(
      await screen.findByText('No environment named staging'),
    ).toBeInTheDocument();
  });

  it('shows why it could not be read', async () => {
    renderPage(
      <EnvironmentPage name="dev" />,
      mockStyrminApi({
        getEnvironment: async () => {
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

  it('disables Create deployment, saying why, without the permission', async () => {
    renderPage(<EnvironmentPage name="dev" />, undefined, {
      allowed: [styrminEnvironmentReadPermission.name],
    });

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Create deployment' }),
      ).toBeDisabled(),
    );
    expect(
      screen.getByText(
        `Creating deployments needs ${styrminDeploymentCreatePermission.name}`,
      ),
    ).toBeInTheDocument();
  });

  it('has Backups and Tasks tabs at addresses of their own', async () => {
    renderPage(<EnvironmentPage name="dev" tab="backups" />);
    expect(
      await screen.findByRole('list', {
        name: 'Environment backups, newest first',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Backups' })).toHaveAttribute(
      'href',
      '/styrmin/environments/dev/backups',
    );
    expect(screen.getByRole('tab', { name: 'Tasks' })).toHaveAttribute(
      'href',
      '/styrmin/environments/dev/tasks',
    );
  });

  it('shows an operator Clone disabled with the reason, and Upgrade enabled', async () => {
    renderPage(<EnvironmentPage name="dev" />, undefined, {
      allowed: [
        styrminEnvironmentReadPermission.name,
        styrminEnvironmentUpgradePermission.name,
      ],
    });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Clone' })).toBeDisabled(),
    );
    expect(
      screen.getByText(
        'Cloning an environment needs styrmin.environment.clone, which administrators have.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeEnabled();
  });

  it('disables Upgrade for a read-only user, naming who may', async () => {
    renderPage(<EnvironmentPage name="dev" />, undefined, {
      allowed: [styrminEnvironmentReadPermission.name],
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upgrade' })).toBeDisabled(),
    );
    expect(
      screen.getByText(
        'Upgrading an environment needs styrmin.environment.upgrade, which operators and administrators have.',
      ),
    ).toBeInTheDocument();
  });

  it('starts an upgrade after its preview and opens the Tasks tab at its task', async () => {
    const api = mockStyrminApi({
      upgradeEnvironment: jest.fn(
        async () =>
          ({
            task: { id: 'task-upgrade-dev' },
            environment: { id: devEnvironment.id, name: 'dev' },
          } as EnvironmentOperation),
      ),
    });
    renderPage(
      <>
        <EnvironmentPage name="dev" />
        <Location />
      </>,
      api,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Upgrade' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('list', { name: 'Upgrades in order' });
    await userEvent.click(
      dialog.getByRole('button', { name: 'Start upgrade' }),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveTextContent(
        '/styrmin/environments/dev/tasks',
      ),
    );
  });

  describe('creating a deployment', () => {
    /** Opens the form, once the driver version's parameters are drawn. */
    async function openForm(api = mockStyrminApi()) {
      renderPage(
        <>
          <EnvironmentPage name="dev" />
          <Location />
        </>,
        api,
      );
      await userEvent.click(
        await screen.findByRole('button', { name: 'Create deployment' }),
      );
      const dialog = within(await screen.findByRole('dialog'));
      await dialog.findByLabelText(/admin_password/);
      return { api, dialog };
    }

    it('checks the name and the application version as you type', async () => {
      const { dialog } = await openForm();
      const create = dialog.getByRole('button', { name: 'Create' });

      await userEvent.type(dialog.getByLabelText(/^Name/), 'Infra_Hub');
      expect(
        dialog.getByText(/lower-case|DNS label|must/i, {
          selector: '#styrmin-create-name-helper-text',
        }),
      ).toBeInTheDocument();
      await userEvent.clear(dialog.getByLabelText(/^Name/));
      await userEvent.type(dialog.getByLabelText(/^Name/), 'infrahub-2');
      expect(
        dialog.getByText(
          'Lower-case letters, digits and dashes, unique in dev',
        ),
      ).toBeInTheDocument();

      // infrahub 1.1.0 deploys >=1.5.0 <1.7.0.
      const appVersion = dialog.getByLabelText(/^Application version/);
      await userEvent.type(appVersion, '1.7.0');
      expect(
        dialog.getByText(
          'infrahub 1.1.0 deploys the application versions >=1.5.0 <1.7.0, which 1.7.0 is outside of',
        ),
      ).toBeInTheDocument();
      expect(create).toBeDisabled();
      await userEvent.clear(appVersion);
      await userEvent.type(appVersion, 'latest');
      expect(
        dialog.getByText('"latest" is not a semantic version such as 1.5.2'),
      ).toBeInTheDocument();
      expect(create).toBeDisabled();
      await userEvent.clear(appVersion);
      await userEvent.type(appVersion, '1.6.1');
      expect(
        dialog.getByText('Infrahub 1.1.0 deploys >=1.5.0 <1.7.0'),
      ).toBeInTheDocument();
      expect(create).toBeEnabled();
    });

    it('creates it with its parameters, secrets as password fields, and opens its page', async () => {
      const api = mockStyrminApi({
        createDeployment: async input =>
          ({
            deployment: { id: 'd-new', name: input.name },
          } as DeploymentChangeResult),
      });
      const { dialog } = await openForm(api);

      const secret = dialog.getByLabelText(/admin_password/);
      expect(secret).toHaveAttribute('type', 'password');
      await userEvent.type(secret, 'correct horse battery');
      await userEvent.type(dialog.getByLabelText(/^Name/), 'infrahub-2');
      await userEvent.type(
        dialog.getByLabelText(/^Application version/),
        '1.6.1',
      );
      await userEvent.click(dialog.getByRole('button', { name: 'Create' }));

      await waitFor(() =>
        expect(screen.getByLabelText('Location')).toHaveTextContent(
          '/styrmin/deployments/d-new',
        ),
      );
      expect(api.createDeployment).toHaveBeenCalledWith({
        environment: devEnvironment.id,
        name: 'infrahub-2',
        driver: 'infrahub',
        driverVersion: '1.1.0',
        configuration: {
          app_version: '1.6.1',
          parameters: expect.objectContaining({
            admin_password: 'correct horse battery',
          }),
        },
      });
    });

    it('shows what the server refused next to the field at fault', async () => {
      const api = mockStyrminApi({
        createDeployment: async () => {
          throw new StyrminApiError({
            code: 'CONFLICT',
            message: 'dev already has a deployment named infrahub',
            field: 'name',
          });
        },
      });
      const { dialog } = await openForm(api);

      // A name the fixtures' dev does not have: one it has is refused as you type.
      await userEvent.type(dialog.getByLabelText(/^Name/), 'infrahub-3');
      await userEvent.type(
        dialog.getByLabelText(/^Application version/),
        '1.6.1',
      );
      await userEvent.click(dialog.getByRole('button', { name: 'Create' }));

      expect(
        await dialog.findByText('dev already has a deployment named infrahub'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Location')).not.toHaveTextContent(
        '/deployments/',
      );
      // A change of the field takes the refusal away.
      await userEvent.type(dialog.getByLabelText(/^Name/), '-2');
      expect(
        dialog.queryByText('dev already has a deployment named infrahub'),
      ).toBeNull();
    });

    it("reads the chosen driver version's parameters", async () => {
      const { api, dialog } = await openForm();

      await userEvent.click(dialog.getByLabelText('Driver version'));
      await userEvent.click(
        within(await screen.findByRole('listbox')).getByRole('option', {
          name: '1.0.0',
        }),
      );

      await waitFor(() =>
        expect(api.getDriverVersion).toHaveBeenLastCalledWith({
          name: 'infrahub',
          version: '1.0.0',
        }),
      );
      expect(
        dialog.getByText('Infrahub 1.0.0 deploys >=1.4.0 <1.6.0'),
      ).toBeInTheDocument();
    });
  });
});
