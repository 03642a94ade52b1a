import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeploymentChangeResult, StyrminApiError } from '@styrmin/sdk';
import {
  deployment,
  observedState,
  tombstone,
  upgradeTask,
} from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentPage } from './DeploymentPage';

// Dialogs typed into on a machine shared by many test runs.
jest.setTimeout(30_000);

const base = `/styrmin/deployments/${deployment.id}`;

/** The page's heading, once the user's permissions are known. */
const header = async () => {
  const heading = await screen.findByRole('heading', {
    name: /^infrahub/,
    level: 2,
  });
  await waitFor(() =>
    expect(screen.queryByText(/Checking your permissions/)).toBeNull(),
  );
  return within(heading.parentElement!.parentElement!);
};

describe('DeploymentPage', () => {
  it('says beside RUNNING which components are stopped', async () => {
    const api = mockStyrminApi({
      getDeploymentObservedState: async () => ({
        ...observedState,
        components: observedState.components.map(component => ({
          ...component,
          stopped: component.name === 'task-worker',
        })),
      }),
    });
    renderPage(<DeploymentPage id={deployment.id} />, api);

    const state = (await header()).getByRole('group', { name: 'State' });
    expect(
      await within(state).findByText(
        `1 of ${observedState.components.length} components stopped: task-worker`,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(within(state).getByText('RUNNING')).toBeInTheDocument();
  });

  it('shows a deployment with no stopped component as plainly RUNNING', async () => {
    const api = mockStyrminApi();
    renderPage(<DeploymentPage id={deployment.id} />, api);

    const state = (await header()).getByRole('group', { name: 'State' });
    // The overview shows the observed state that the heading reads too.
    await screen.findByText(
      'infrahub-server-7c9d-abcde',
      {},
      { timeout: 10_000 },
    );
    expect(api.getDeploymentObservedState).toHaveBeenCalled();
    expect(within(state).getByText('RUNNING')).toBeInTheDocument();
    expect(within(state).queryByText(/stopped/)).not.toBeInTheDocument();
  });

  it('heads the page with the name, environment, state, versions and actions', async () => {
    renderPage(<DeploymentPage id={deployment.id} />);

    const top = await header();
    expect(top.getByRole('link', { name: 'dev' })).toHaveAttribute(
      'href',
      '/styrmin/environments/dev',
    );
    expect(
      within(top.getByRole('group', { name: 'State' })).getByText('RUNNING'),
    ).toBeInTheDocument();
    expect(top.getByText(/Application version 1.5.2/)).toBeInTheDocument();
    expect(top.getByRole('link', { name: 'infrahub 1.1.0' })).toHaveAttribute(
      'href',
      '/styrmin/drivers/infrahub/1.1.0',
    );
    for (const name of ['Stop components', 'Start components', 'Delete']) {
      expect(top.getByRole('button', { name })).toBeEnabled();
    }
    expect(
      screen
        .getAllByRole('tab')
        .map(tab => [tab.textContent, tab.getAttribute('href')]),
    ).toEqual([
      ['Overview', base],
      ['Configuration', `${base}/configuration`],
      ['Upgrade', `${base}/upgrade`],
      ['Timeline', `${base}/timeline`],
      ['Tasks', `${base}/tasks`],
      ['Backups', `${base}/backups`],
    ]);
    expect(
      screen.getByRole('tab', { name: 'Overview', selected: true }),
    ).toBeInTheDocument();
  });

  it('opens the tab the address names', async () => {
    renderPage(<DeploymentPage id={deployment.id} tab="timeline" />);

    expect(
      await screen.findByRole('tab', { name: 'Timeline', selected: true }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('listitem', { name: 'Instance 2' }),
    ).toBeInTheDocument();
  });

  it('disables the actions the user may not take, saying why', async () => {
    renderPage(<DeploymentPage id={deployment.id} />, mockStyrminApi(), {
      allowed: ['styrmin.deployment.read', 'styrmin.deployment.update'],
    });

    const top = await header();
    const remove = top.getByRole('button', { name: 'Delete' });
    await screen.findByText(
      /You lack the permission styrmin.deployment.delete/,
    );
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'Delete: You lack the permission styrmin.deployment.delete',
    );
    expect(top.getByRole('button', { name: 'Stop components' })).toBeEnabled();
  });

  it('disables stopping and starting for a read-only user', async () => {
    renderPage(<DeploymentPage id={deployment.id} />, mockStyrminApi(), {
      allowed: ['styrmin.deployment.read'],
    });

    const top = await header();
    await screen.findAllByText(/styrmin.deployment.update/);
    const stop = top.getByRole('button', { name: 'Stop components' });
    expect(stop).toBeDisabled();
    expect(stop).toHaveAccessibleDescription(
      'Stop components: You lack the permission styrmin.deployment.update',
    );
    expect(
      top.getByRole('button', { name: 'Start components' }),
    ).toBeDisabled();
  });

  it('disables stopping and starting while a task deploys the deployment', async () => {
    renderPage(
      <DeploymentPage id={deployment.id} />,
      mockStyrminApi({
        getDeployment: async () => ({ ...deployment, state: 'DEPLOYING' }),
      }),
    );

    const top = await header();
    expect(
      top.getByRole('button', { name: 'Stop components' }),
    ).toHaveAccessibleDescription(
      /when the deployment is RUNNING or FAILED; it is DEPLOYING$/,
    );
    expect(top.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows a tombstone: deleted, with every action disabled', async () => {
    renderPage(
      <DeploymentPage id={deployment.id} />,
      mockStyrminApi({ getDeployment: async () => tombstone }),
    );

    const top = await header();
    expect(
      within(top.getByRole('group', { name: 'State' })).getByText('DELETED'),
    ).toBeInTheDocument();
    expect(top.getByText(/^Deleted/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/is a tombstone/);
    for (const name of ['Stop components', 'Start components', 'Delete']) {
      const button = top.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        `${name}: The deployment is deleted`,
      );
    }
  });

  it("keeps a tombstone's tasks readable", async () => {
    renderPage(
      <DeploymentPage id={deployment.id} tab="tasks" />,
      mockStyrminApi({ getDeployment: async () => tombstone }),
    );

    expect(
      await screen.findByRole('list', { name: 'Steps of upgrade_instance' }),
    ).toBeInTheDocument();
  });

  it('deletes the deployment only once its name is typed', async () => {
    // The page reads nothing of the answer but that it came: it reads the deployment again.
    const deleteDeployment = jest.fn(
      async () => ({ changed: true } as DeploymentChangeResult),
    );
    const api = renderPage(
      <DeploymentPage id={deployment.id} />,
      mockStyrminApi({ deleteDeployment }),
    );

    const h = await header();
    await userEvent.click(h.getByRole('button', { name: 'Delete' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Delete infrahub' }),
    );
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      dialog.getByLabelText("Type the deployment's name to confirm"),
      'infrahu',
    );
    expect(confirm).toBeDisabled();
    await userEvent.type(
      dialog.getByLabelText("Type the deployment's name to confirm"),
      'b',
    );
    await userEvent.click(confirm);

    expect(deleteDeployment).toHaveBeenCalledWith({
      id: deployment.id,
      expectedVersion: deployment.version,
    });
    expect(await screen.findByText('Deleting infrahub')).toBeInTheDocument();
    // Read again, to show the new state.
    expect(api.getDeployment.mock.calls.length).toBeGreaterThan(1);
  });

  it('stops the chosen components, and shows a refusal in the dialog', async () => {
    const stopComponents = jest
      .fn()
      .mockRejectedValueOnce(
        new StyrminApiError({
          code: 'CONFLICT',
          message: 'The deployment changed meanwhile',
        }),
      )
      .mockResolvedValueOnce({
        deployment,
        task: { ...upgradeTask, type: 'stop_components' },
      });
    renderPage(
      <DeploymentPage id={deployment.id} />,
      mockStyrminApi({ stopComponents }),
    );

    await userEvent.click(
      (await header()).getByRole('button', { name: 'Stop components' }),
    );
    const dialog = within(
      screen.getByRole('dialog', { name: 'Stop components of infrahub' }),
    );
    const stop = dialog.getByRole('button', { name: 'Stop' });
    expect(stop).toBeDisabled();
    await userEvent.click(
      dialog.getByRole('checkbox', { name: 'task-worker' }),
    );
    await userEvent.click(stop);

    expect(
      await dialog.findByText(
        'Error: [CONFLICT] The deployment changed meanwhile',
      ),
    ).toBeInTheDocument();
    await userEvent.click(stop);

    expect(stopComponents).toHaveBeenLastCalledWith({
      id: deployment.id,
      components: ['task-worker'],
      expectedVersion: deployment.version,
    });
    expect(
      await screen.findByText('Started task stop_components on infrahub'),
    ).toBeInTheDocument();
  });

  it('says when there is no such deployment', async () => {
    renderPage(<DeploymentPage id="nope" />);

    expect(
      await screen.findByText('There is no such deployment'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows why the deployment could not be read', async () => {
    renderPage(
      <DeploymentPage id={deployment.id} />,
      mockStyrminApi({
        getDeployment: async () => {
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
  });
});
