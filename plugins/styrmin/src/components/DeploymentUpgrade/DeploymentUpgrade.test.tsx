import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Deployment, DeploymentChangeResult, Plan } from '@styrmin/sdk';
import { StyrminApiError } from '@styrmin/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyrminApi } from '../../api';
import { deployment as deploymentOf110 } from '../../__testUtils__/deploymentFixtures';
import {
  infrahubPreviousWithSpec,
  infrahubWithSpec,
} from '../../__testUtils__/exampleDriverVersions';
import { infrahubVersion, mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { useState } from 'react';
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

/** The plan of the upgrade to 1.1.0, as the API answers it. */
const planned: Plan = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'UPGRADE',
  environment: { id: deployment.environment.id, name: 'dev' },
  deployment: { id: deployment.id, name: deployment.name },
  deploymentName: deployment.name,
  fromDriverVersion: { name: 'infrahub', version: '1.0.0' },
  driverVersion: { name: 'infrahub', version: '1.1.0' },
  changed: true,
  flow: 'UPGRADE_INSTANCE',
  warnings: [
    {
      code: 'SINGLETON_RESTART',
      component: 'database',
      message:
        'Component database is a singleton: its one pod is replaced, and it serves nothing until the new one is ready',
    },
  ],
  backup: {
    taken: false,
    reason: 'Environment dev takes no backup before an upgrade',
  },
  fingerprint: `sha256:${'a'.repeat(64)}`,
  basis: {
    environment: { name: 'dev', version: 1 },
    cluster: { name: 'local', version: 1 },
    driverVersion: { name: 'infrahub', version: '1.1.0', digest: 'sha256:b' },
    deployment: { name: deployment.name, version: 3, activeInstanceId: 'i' },
    deployments: {},
  },
  createdBy: 'user:default/ada',
  createdAt: '2026-12-02T05:00:00.000Z',
  expiresAt: '2026-12-02T06:00:00.000Z',
  appliedBy: null,
  appliedAt: null,
  appliedTask: null,
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

/** What applying the plan answers. */
const applied = {
  changed: true,
  siblings: [],
} as unknown as DeploymentChangeResult;

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

/** infrahub 1.1.0 as if it named no replacement of task_worker_replicas. */
const infrahubUnreplaced = {
  ...infrahubWithSpec,
  spec: {
    ...infrahubWithSpec.spec,
    spec: { ...infrahubWithSpec.spec.spec, retired_parameters: undefined },
  },
};

async function renderUpgrade(
  answers: Partial<StyrminApi>,
  options: {
    authorize?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
    target?: typeof infrahubWithSpec;
    of?: Deployment;
  } = {},
) {
  const { authorize = AuthorizeResult.ALLOW, target = infrahubWithSpec } =
    options;
  const api = mockStyrminApi({
    getDriverVersion: async ({ version }) =>
      version === '1.0.0' ? infrahubPreviousWithSpec : target,
    ...answers,
  });
  const onChanged = jest.fn();
  // Like the deployment page: once a change starts, the deployment is read again.
  const Page = () => {
    const [shown, setShown] = useState<Deployment>(options.of ?? deployment);
    return (
      <DeploymentUpgrade
        deployment={shown}
        onChanged={() => {
          onChanged();
          setShown({
            ...shown,
            version: shown.version + 1,
            driverVersion: { name: 'infrahub', version: '1.1.0' },
          });
        }}
      />
    );
  };
  // renderPage gives each test its own cache of permission answers.
  renderPage(
    <Page />,
    api,
    authorize === AuthorizeResult.DENY ? { allowed: [] } : {},
  );
  await screen.findByRole('combobox', { name: 'Driver version' });
  if (options.of?.driverVersion.version !== '1.1.0') {
    await screen.findByRole('button', { name: 'Review changes' });
  }
  return { api, onChanged, user: userEvent.setup() };
}

const appVersion = () =>
  screen.getByRole('textbox', { name: 'Application version (app_version)' });

describe('DeploymentUpgrade', () => {
  it('refuses a retired parameter next to it, and starts the upgrade once it is removed', async () => {
    const planUpgrade = jest
      .fn()
      .mockRejectedValueOnce(retired)
      .mockResolvedValue(planned);
    const { api, onChanged, user } = await renderUpgrade(
      { planUpgrade, applyPlan: jest.fn().mockResolvedValue(applied) },
      { target: infrahubUnreplaced },
    );

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
    expect(api.planUpgrade).toHaveBeenLastCalledWith(upgrade);
    expect(
      await screen.findByText('3. Run the upgrade core-hook'),
    ).toBeInTheDocument();
    const hooks = within(
      screen.getByRole('region', { name: 'Hooks that will run' }),
    );
    expect(hooks.getByText('upgrade core: run-migrations')).toBeInTheDocument();
    expect(
      hooks.getByText('Prompts: migration_timeout_minutes (default 30)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Component database is a singleton/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Plan' })).getByText(
        planned.id,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'run-migrations: Migrates the database to the new application version.',
      ),
    ).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Start upgrade' }));

    expect(api.applyPlan).toHaveBeenCalledWith(planned.id);
    expect(api.upgradeDeployment).not.toHaveBeenCalled();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('is disabled, with the reason, without styrmin.deployment.update', async () => {
    const { api } = await renderUpgrade(
      {},
      { authorize: AuthorizeResult.DENY },
    );

    expect(
      screen.getByText(/needs the styrmin\.deployment\.update permission/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Review changes' }),
    ).toBeDisabled();
    expect(appVersion()).toBeDisabled();
    expect(api.planUpgrade).not.toHaveBeenCalled();
  });

  it('carries a retired value over to its replacement by default, says where in the review, and removes it when asked', async () => {
    const planUpgrade = jest.fn().mockResolvedValue({
      ...planned,
      carriedOverParameters: [
        {
          parameter: 'task_worker_replicas',
          field: 'components.task-worker.replicas',
          value: 5,
        },
      ],
    });
    const { api, user } = await renderUpgrade({ planUpgrade });
    const choice = within(
      screen.getByRole('region', {
        name: 'Retired parameter task_worker_replicas',
      }),
    );

    expect(
      choice.getByRole('radio', {
        name: 'Carry it over to the replica override of task-worker',
      }),
    ).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    expect(api.planUpgrade).toHaveBeenLastCalledWith({
      id: deployment.id,
      expectedVersion: 3,
      driverVersion: '1.1.0',
      configuration: {},
    });
    const carried = await screen.findByRole('region', { name: 'Carried over' });
    expect(carried).toHaveTextContent(
      'task_worker_replicas becomes components.task-worker.replicas = 5',
    );

    await user.click(
      choice.getByRole('radio', {
        name: 'Remove the value of task_worker_replicas',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(api.planUpgrade).toHaveBeenLastCalledWith(
      expect.objectContaining({
        configuration: { parameters: { task_worker_replicas: null } },
      }),
    );
  });

  it('after a successful upgrade to 1.1.0, preselects no downgrade to 1.0.0 and shows nothing of the upgrade before', async () => {
    const { onChanged, user } = await renderUpgrade({
      planUpgrade: jest.fn().mockResolvedValue(planned),
      applyPlan: jest.fn().mockResolvedValue(applied),
    });
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(
      await screen.findByRole('button', { name: 'Start upgrade' }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));

    const picker = await screen.findByRole('combobox', {
      name: 'Driver version',
    });
    expect(picker).toHaveValue('');
    expect(picker).toHaveAccessibleDescription('From infrahub 1.1.0');
    expect(
      screen.getByText(
        'infrahub 1.1.0 is the newest version loaded: choose an older one to downgrade to it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Review: /)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Review changes|Start upgrade/ }),
    ).not.toBeInTheDocument();
  });

  it('sends a downgrade only with its checkbox, and warns of it in the review', async () => {
    const downgradeRefused = new StyrminApiError({
      code: 'VALIDATION_FAILED',
      message:
        'driverVersion: infrahub 1.0.0 is older than infrahub 1.1.0: a downgrade is refused unless the change asks for it (allowDowngrade)',
      field: 'driverVersion',
      problems: [
        {
          code: 'VALIDATION_FAILED',
          path: 'driverVersion',
          message:
            'infrahub 1.0.0 is older than infrahub 1.1.0: a downgrade is refused unless the change asks for it (allowDowngrade)',
        },
      ],
    });
    const planUpgrade = jest
      .fn()
      .mockRejectedValueOnce(downgradeRefused)
      .mockResolvedValue(planned);
    const { api, user } = await renderUpgrade(
      { planUpgrade },
      {
        of: {
          ...deployment,
          driverVersion: { name: 'infrahub', version: '1.1.0' },
          configuration: deploymentOf110.configuration,
        },
      },
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Driver version' }),
      '1.0.0',
    );
    await user.click(
      await screen.findByRole('button', { name: 'Review changes' }),
    );

    expect(
      await screen.findByText(
        /^\[VALIDATION_FAILED\] infrahub 1\.0\.0 is older/,
      ),
    ).toBeInTheDocument();
    expect(api.planUpgrade).toHaveBeenLastCalledWith(
      expect.not.objectContaining({ allowDowngrade: true }),
    );

    await user.click(
      screen.getByRole('checkbox', {
        name: 'Downgrade from 1.1.0 to 1.0.0 (allowDowngrade)',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    expect(api.planUpgrade).toHaveBeenLastCalledWith(
      expect.objectContaining({
        driverVersion: '1.0.0',
        allowDowngrade: true,
      }),
    );
    expect(
      await screen.findByText(/A downgrade: 1\.1\.0 to 1\.0\.0$/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "The deployment moves to an older driver version. 1.0.0's upgrade hook runs against what 1.1.0 left, which its driver may not expect.",
      ),
    ).toBeInTheDocument();
  });
});
