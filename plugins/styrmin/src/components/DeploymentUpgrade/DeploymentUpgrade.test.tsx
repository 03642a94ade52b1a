import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { DeploymentChangeResult } from '@styrmin/sdk';
import { StyrminApiError } from '@styrmin/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyrminApi } from '../../api';
import { deployment as deploymentOf110 } from '../../__testUtils__/deploymentFixtures';
import { infrahubWithSpec } from '../../__testUtils__/exampleDriverVersions';
import { infrahubVersion, mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentUpgrade } from './DeploymentUpgrade';

// Typing into fields that are checked on every keystroke takes a while on a loaded machine.
jest.setTimeout(120_000);

/** The deployment on infrahub 1.0.0, with the parameter that 1.1.0 retires. */
const deployment = {
  ...deploymentOf110,
  driverVersion: { name: 'infrahub', version: '1.0.0' },
  configuration: {
    ...deploymentOf110.configuration,
    parameters: {
      ...deploymentOf110.configuration.parameters,
      task_worker_replicas: 5,
    },
  },
};

const upgradeActions = infrahubVersion.actions.filter(
  a => a.hook === 'upgrade',
);

const planned: DeploymentChangeResult = {
  deployment: { ...deployment, activeInstance: null },
  changed: true,
  instance: null,
  task: null,
  diff: [
    {
      path: 'driver.version',
      kind: 'CHANGED',
      before: '1.0.0',
      after: '1.1.0',
      secret: false,
    },
  ],
  plannedSteps: [
    'Run the upgrade pre-hook',
    'Apply the StyrminDeployment resource',
    'Run the upgrade core-hook',
    'Install or upgrade the HelmRelease',
    'Run the upgrade post-hook',
  ],
  plannedActions: [
    upgradeActions.find(a => a.mode === 'pre')!,
    upgradeActions.find(a => a.mode === 'core')!,
    upgradeActions.find(a => a.mode === 'post')!,
  ],
  droppedParameters: [],
  carriedOverParameters: [],
  siblings: [],
};

const retired = new StyrminApiError({
  code: 'RETIRED_PARAMETER_VALUE',
  message:
    'parameters.task_worker_replicas: infrahub 1.1.0 no longer declares task_worker_replicas, and its value 5 differs from its default 2',
  field: 'parameters.task_worker_replicas',
  problems: [
    {
      code: 'RETIRED_PARAMETER_VALUE',
      path: 'parameters.task_worker_replicas',
      message:
        'infrahub 1.1.0 no longer declares task_worker_replicas, and its value 5 differs from its default 2',
    },
  ],
});

async function renderUpgrade(
  answers: Partial<StyrminApi>,
  authorize:
    | AuthorizeResult.ALLOW
    | AuthorizeResult.DENY = AuthorizeResult.ALLOW,
) {
  const api = mockStyrminApi({
    getDriverVersion: async () => infrahubWithSpec,
    ...answers,
  });
  const onChanged = jest.fn();
  // renderPage gives each test its own cache of permission answers.
  renderPage(
    <DeploymentUpgrade deployment={deployment} onChanged={onChanged} />,
    api,
    authorize === AuthorizeResult.DENY ? { allowed: [] } : {},
  );
  await screen.findByRole('button', { name: 'Review changes' });
  return { api, onChanged, user: userEvent.setup() };
}

const appVersion = () =>
  screen.getByRole('textbox', { name: 'Application version (app_version)' });

describe('DeploymentUpgrade', () => {
  it('refuses a retired parameter next to it, and starts the upgrade once it is removed', async () => {
    const upgradeDeployment = jest
      .fn()
      .mockRejectedValueOnce(retired)
      .mockResolvedValue(planned);
    const { api, onChanged, user } = await renderUpgrade({ upgradeDeployment });

    expect(
      screen.getByRole('combobox', { name: 'Driver version' }),
    ).toHaveValue('1.1.0');
    await user.clear(appVersion());
    await user.type(appVersion(), '2.0.0');
    expect(appVersion()).toHaveAccessibleDescription(
      /^\[VALIDATION_FAILED\] infrahub 1\.1\.0 deploys the application versions >=1\.5\.0 <1\.7\.0/,
    );
    expect(
      screen.getByRole('button', { name: 'Review changes' }),
    ).toBeDisabled();
    await user.clear(appVersion());
    await user.type(appVersion(), '1.6.0');

    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    const parameter = await screen.findByRole('region', {
      name: 'Retired parameter task_worker_replicas',
    });
    expect(
      within(parameter).getByText(
        /^\[RETIRED_PARAMETER_VALUE\] infrahub 1\.1\.0/,
      ),
    ).toBeInTheDocument();

    await user.click(
      within(parameter).getByRole('checkbox', {
        name: 'Remove the value of task_worker_replicas',
      }),
    );
    await user.type(
      screen.getByRole('textbox', {
        name: 'Migration timeout (minutes) (migration_timeout_minutes)',
      }),
      '45',
    );
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    const upgrade = {
      id: deployment.id,
      expectedVersion: 3,
      driverVersion: '1.1.0',
      configuration: {
        app_version: '1.6.0',
        parameters: { task_worker_replicas: null },
      },
      prompts: { 'run-migrations': { migration_timeout_minutes: 45 } },
    };
    expect(api.upgradeDeployment).toHaveBeenLastCalledWith({
      ...upgrade,
      dryRun: true,
    });
    expect(
      await screen.findByText('3. Run the upgrade core-hook'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'run-migrations: Migrates the database to the new application version.',
      ),
    ).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Start upgrade' }));

    expect(api.upgradeDeployment).toHaveBeenLastCalledWith(upgrade);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('is disabled, with the reason, without styrmin.deployment.update', async () => {
    const { api } = await renderUpgrade({}, AuthorizeResult.DENY);

    expect(
      screen.getByText(/needs the styrmin\.deployment\.update permission/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Review changes' }),
    ).toBeDisabled();
    expect(appVersion()).toBeDisabled();
    expect(api.upgradeDeployment).not.toHaveBeenCalled();
  });
});
