import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { DeploymentChangeResult } from '@styrmin/sdk';
import { StyrminApiError } from '@styrmin/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyrminApi } from '../../api';
import { deployment } from '../../__testUtils__/deploymentFixtures';
import { infrahubWithSpec } from '../../__testUtils__/exampleDriverVersions';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentConfiguration } from './DeploymentConfiguration';

// Typing into forms that check every keystroke takes a while on a loaded machine.
jest.setTimeout(120_000);

/** A dry run's answer to an edit of default_branch. */
const planned: DeploymentChangeResult = {
  deployment: { ...deployment, activeInstance: null },
  changed: true,
  instance: null,
  task: null,
  diff: [
    {
      path: 'parameters.default_branch',
      kind: 'CHANGED',
      before: 'main',
      after: 'develop',
      secret: false,
    },
  ],
  plannedSteps: [
    'Apply the StyrminDeployment resource',
    'Install or upgrade the HelmRelease',
  ],
  plannedActions: [],
  droppedParameters: [],
  carriedOverParameters: [],
  siblings: [
    {
      deployment: {
        id: 'sibling',
        name: 'semaphore',
        state: 'RUNNING',
        environment: { name: 'dev' },
      },
      flow: 'UPDATE_INSTANCE',
      diff: [],
      task: null,
    },
  ],
};

async function renderConfiguration(
  answers: Partial<StyrminApi> = {},
  authorize:
    | AuthorizeResult.ALLOW
    | AuthorizeResult.DENY = AuthorizeResult.ALLOW,
) {
  const api = mockStyrminApi({
    getDriverVersion: async () => infrahubWithSpec,
    editDeployment: async () => planned,
    ...answers,
  });
  const onChanged = jest.fn();
  // renderPage gives each test its own cache of permission answers.
  renderPage(
    <DeploymentConfiguration deployment={deployment} onChanged={onChanged} />,
    api,
    authorize === AuthorizeResult.DENY ? { allowed: [] } : {},
  );
  await screen.findByRole('button', { name: 'Review changes' });
  return { api, onChanged, user: userEvent.setup() };
}

const field = (label: RegExp) => screen.getByRole('textbox', { name: label });

describe('DeploymentConfiguration', () => {
  it('reviews a change with its dry run, then applies it to the version shown', async () => {
    const { api, onChanged, user } = await renderConfiguration();
    const review = screen.getByRole('button', { name: 'Review changes' });
    expect(review).toBeDisabled();

    await user.clear(field(/\(default_branch\)/));
    await user.type(field(/\(default_branch\)/), 'develop');
    await user.click(review);

    const change = {
      id: deployment.id,
      expectedVersion: 3,
      configuration: { parameters: { default_branch: 'develop' } },
    };
    expect(api.editDeployment).toHaveBeenCalledWith({
      ...change,
      dryRun: true,
    });
    const diff = await screen.findByRole('table', {
      name: 'Reconciliation diff',
    });
    expect(within(diff).getByText('parameters.default_branch')).toBeVisible();
    expect(
      screen.getByText('1. Apply the StyrminDeployment resource'),
    ).toBeInTheDocument();
    expect(screen.getByText('dev/semaphore')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(api.editDeployment).toHaveBeenLastCalledWith(change);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });

  it('checks the glossary’s rules as the user types, as the server would', async () => {
    const { api, user } = await renderConfiguration();

    await user.type(field(/^database replicas/), '3');
    await user.type(field(/^server image/), 'no-registry');

    expect(
      screen.getByText(/^\[SINGLETON_REPLICA_OVERRIDE\] Component database/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /^\[VALIDATION_FAILED\] The image override "no-registry"/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Review changes' }),
    ).toBeDisabled();
    expect(api.editDeployment).not.toHaveBeenCalled();
  });

  it('shows the API’s error code next to the field at fault', async () => {
    const refused = new StyrminApiError({
      code: 'VALIDATION_FAILED',
      message: '1 problem',
      problems: [
        {
          code: 'VALIDATION_FAILED',
          path: 'components.server.image',
          message: 'The registry is not allowed here',
        },
      ],
    });
    const { user } = await renderConfiguration({
      editDeployment: async () => {
        throw refused;
      },
    });

    await user.type(
      field(/^server image/),
      'registry.example.com/infrahub:{{{{ app.version }}',
    );
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    expect(
      await screen.findByRole('textbox', { name: /^server image/ }),
    ).toHaveAccessibleDescription(
      '[VALIDATION_FAILED] The registry is not allowed here',
    );
  });

  it('says when the deployment changed meanwhile, and reloads it', async () => {
    const { onChanged, user } = await renderConfiguration({
      editDeployment: async () => {
        throw new StyrminApiError({
          code: 'CONFLICT',
          message: 'Deployment infrahub is at version 4, not 3',
        });
      },
    });

    await user.type(field(/^server image/), 'ghcr.io/opsmill/infrahub:1.5.2');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));

    expect(
      await screen.findByText(
        /\[CONFLICT\] The deployment changed since you loaded it/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('never shows a secret, and sends one only when a new value is typed', async () => {
    const { api, user } = await renderConfiguration();

    const password = screen.getByLabelText(/\(admin_password\)/);
    expect(password).toHaveValue('');
    expect(document.body.textContent).not.toContain('<secret>');
    for (const input of document.querySelectorAll('input, textarea')) {
      expect((input as HTMLInputElement).value).not.toContain('<secret>');
    }

    // The fixture's server runs a replica override of 2.
    expect(field(/^server replicas/)).toHaveValue('2');
    await user.clear(field(/^server replicas/));
    await user.type(field(/^server replicas/), '4');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(api.editDeployment).toHaveBeenLastCalledWith(
      expect.objectContaining({
        configuration: { components: { server: { replicas: 4 } } },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Back to editing' }));
    await user.type(
      screen.getByLabelText(/\(admin_password\)/),
      'a new long password',
    );
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(api.editDeployment).toHaveBeenLastCalledWith(
      expect.objectContaining({
        configuration: {
          parameters: { admin_password: 'a new long password' },
          components: { server: { replicas: 4 } },
        },
      }),
    );
  });

  it('is disabled, with the reason, without styrmin.deployment.update', async () => {
    await renderConfiguration({}, AuthorizeResult.DENY);

    expect(
      screen.getByText(/needs the styrmin\.deployment\.update permission/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Review changes' }),
    ).toBeDisabled();
    expect(field(/^server replicas/)).toBeDisabled();
    expect(field(/\(default_branch\)/)).toBeDisabled();
  });
});
