import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComponentsChangeResult, StyrminApi } from '../../api';
import {
  deployment,
  observedState,
  upgradeTask,
} from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentPage } from '../DeploymentPage';

// Dialogs clicked through on a machine shared by many test runs.
jest.setTimeout(30_000);

/** The agent reports the task workers and the database stopped. */
const withStopped: Partial<StyrminApi> = {
  getDeploymentObservedState: async () => ({
    ...observedState,
    components: observedState.components.map(c =>
      c.name === 'server' ? c : { ...c, stopped: true, pods: 0 },
    ),
  }),
};

const started: ComponentsChangeResult = {
  deployment,
  task: { ...upgradeTask, type: 'start_components' },
};

/** The deployment page with the dialog of the action open. */
async function openDialog(
  action: 'Stop' | 'Start' | 'Restart',
  answers: Partial<StyrminApi>,
) {
  const api = mockStyrminApi(answers);
  renderPage(<DeploymentPage id={deployment.id} />, api);
  const button = await screen.findByRole('button', {
    name: `${action} components`,
  });
  await waitFor(() => expect(button).toBeEnabled());
  // The page reads the observed state too: the dialog's own read comes after these.
  const readsBefore = api.getDeploymentObservedState.mock.calls.length;
  await userEvent.click(button);
  const dialog = within(
    screen.getByRole('dialog', { name: `${action} components of infrahub` }),
  );
  return { api, dialog, readsBefore };
}

const checked = (dialog: ReturnType<typeof within>) =>
  dialog
    .getAllByRole('checkbox')
    .filter((box: HTMLElement) => (box as HTMLInputElement).checked)
    .map((box: HTMLElement) => box.closest('label')!.textContent);

describe('ComponentsDialog', () => {
  it('offers to start the stopped components, chosen already', async () => {
    const startComponents = jest.fn(async () => started);
    const { dialog } = await openDialog('Start', {
      ...withStopped,
      startComponents,
    });

    await dialog.findByRole('checkbox', { name: 'task-worker (stopped)' });
    expect(checked(dialog)).toEqual([
      'database (stopped)',
      'task-worker (stopped)',
    ]);
    await userEvent.click(dialog.getByRole('button', { name: 'Start' }));

    expect(startComponents).toHaveBeenCalledWith({
      id: deployment.id,
      components: ['database', 'task-worker'],
      expectedVersion: deployment.version,
    });
    expect(
      await screen.findByText('Started task start_components on infrahub'),
    ).toBeInTheDocument();
  });

  it('starts what the user chooses, not the whole preselection', async () => {
    const startComponents = jest.fn(async () => started);
    const { dialog } = await openDialog('Start', {
      ...withStopped,
      startComponents,
    });

    await userEvent.click(
      await dialog.findByRole('checkbox', { name: 'database (stopped)' }),
    );
    expect(checked(dialog)).toEqual(['task-worker (stopped)']);
    await userEvent.click(dialog.getByRole('button', { name: 'Start' }));

    expect(startComponents).toHaveBeenCalledWith(
      expect.objectContaining({ components: ['task-worker'] }),
    );
  });

  it('restarts the components the user chooses, as its own task', async () => {
    const restartComponents = jest.fn(async () => ({
      ...started,
      task: { ...started.task, type: 'restart_components' as const },
    }));
    const { dialog } = await openDialog('Restart', {
      ...withStopped,
      restartComponents,
    });

    await dialog.findByRole('checkbox', { name: 'task-worker (stopped)' });
    expect(checked(dialog)).toEqual([]);
    expect(dialog.getByRole('button', { name: 'Restart' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'server' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Restart' }));

    expect(restartComponents).toHaveBeenCalledWith({
      id: deployment.id,
      components: ['server'],
      expectedVersion: deployment.version,
    });
    expect(
      await screen.findByText('Started task restart_components on infrahub'),
    ).toBeInTheDocument();
  });

  it('chooses nothing to stop, saying which are stopped already', async () => {
    const { dialog } = await openDialog('Stop', withStopped);

    await dialog.findByRole('checkbox', { name: 'task-worker (stopped)' });
    expect(dialog.getByRole('checkbox', { name: 'server' })).not.toBeChecked();
    expect(checked(dialog)).toEqual([]);
    expect(dialog.getByRole('button', { name: 'Stop' })).toBeDisabled();
  });

  it.each<[string, Partial<StyrminApi>]>([
    ['nothing is stopped', {}],
    [
      'the stopped components cannot be read',
      {
        getDeploymentObservedState: async () => {
          throw new Error('unavailable');
        },
      },
    ],
  ])('chooses nothing to start when %s', async (_, answers) => {
    const { dialog, api, readsBefore } = await openDialog('Start', answers);
    await waitFor(() =>
      expect(api.getDeploymentObservedState.mock.calls.length).toBeGreaterThan(
        readsBefore,
      ),
    );

    expect(dialog.getByRole('checkbox', { name: 'server' })).toBeEnabled();
    expect(checked(dialog)).toEqual([]);
    expect(dialog.getByRole('button', { name: 'Start' })).toBeDisabled();
  });
});
