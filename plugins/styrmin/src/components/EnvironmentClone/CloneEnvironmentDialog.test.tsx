import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnvironmentOperation } from '@styrmin/sdk';
import {
  clonePlan,
  completedEnvironmentBackup,
} from '../../__testUtils__/environmentOperationFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import {
  devEnvironment,
  edgeCluster,
} from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { CloneEnvironmentDialog } from './CloneEnvironmentDialog';

const operation = {
  task: { id: 'task-clone-dev' },
  environment: { id: 'e-dev-copy', name: 'dev-copy' },
} as EnvironmentOperation;

function renderDialog(api = mockStyrminApi()) {
  const onDone = jest.fn();
  renderPage(
    <CloneEnvironmentDialog
      environment={devEnvironment}
      api={api}
      onClose={jest.fn()}
      onDone={onDone}
    />,
    api,
  );
  return { api, onDone, dialog: within(screen.getByRole('dialog')) };
}

// Typing into Material UI's fields and menus is slow on a loaded machine.
jest.setTimeout(30_000);

describe('CloneEnvironmentDialog', () => {
  it('checks the name as you type, previews the deployments it creates, then clones', async () => {
    const { api, onDone, dialog } = renderDialog(
      mockStyrminApi({ cloneEnvironment: jest.fn(async () => operation) }),
    );
    const clone = dialog.getByRole('button', { name: 'Clone' });

    await userEvent.type(dialog.getByLabelText(/^Name/), 'Dev_Copy');
    // The record-name rules in the server's words, at once.
    expect(dialog.getByLabelText(/^Name/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      dialog.getByText(/lower-case|DNS label|must/i, {
        selector: '#styrmin-clone-name-helper-text',
      }),
    ).toBeInTheDocument();
    expect(clone).toBeDisabled();
    expect(api.getEnvironmentClonePlan).not.toHaveBeenCalled();

    await userEvent.clear(dialog.getByLabelText(/^Name/));
    await userEvent.type(dialog.getByLabelText(/^Name/), 'dev-copy');
    const created = await dialog.findByRole('table', {
      name: 'Deployments created',
    });
    expect(
      within(created)
        .getAllByRole('row')
        .map(row => row.textContent),
    ).toEqual([
      'DeploymentDriver versionApplication version',
      'infrahubinfrahub 1.1.01.5.2',
      'semaphoresemaphore 1.0.02.10.0',
    ]);
    expect(
      dialog.getByRole('region', { name: 'What the clone creates' }),
    ).toHaveTextContent(
      'dev-copy on the cluster local, from a new environment backup of the source, taken for the clone',
    );
    expect(api.getEnvironmentClonePlan).toHaveBeenLastCalledWith({
      source: devEnvironment.id,
      name: 'dev-copy',
      cluster: devEnvironment.cluster.id,
    });

    await waitFor(() => expect(clone).toBeEnabled());
    await userEvent.click(clone);
    expect(api.cloneEnvironment).toHaveBeenCalledWith({
      source: devEnvironment.id,
      name: 'dev-copy',
      cluster: devEnvironment.cluster.id,
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(operation));
  });

  it('clones onto another cluster from a named environment backup', async () => {
    const { api, dialog } = renderDialog(
      mockStyrminApi({ cloneEnvironment: jest.fn(async () => operation) }),
    );
    await userEvent.type(dialog.getByLabelText(/^Name/), 'dev-copy');

    await userEvent.click(dialog.getByLabelText('Cluster'));
    await userEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: edgeCluster.name,
      }),
    );
    await userEvent.click(
      dialog.getByRole('checkbox', { name: /Take a new environment backup/ }),
    );
    await userEvent.click(dialog.getByLabelText('Environment backup'));
    const options = within(await screen.findByRole('listbox')).getAllByRole(
      'option',
    );
    // The completed and the partial one: both have something to restore.
    expect(options.map(option => option.textContent)).toEqual([
      expect.stringMatching(/\(COMPLETED, user:default\/ada\)$/),
      expect.stringMatching(/\(PARTIAL, user:default\/ada\)$/),
    ]);
    await userEvent.click(options[0]);

    const clone = dialog.getByRole('button', { name: 'Clone' });
    await waitFor(() =>
      expect(api.getEnvironmentClonePlan).toHaveBeenLastCalledWith({
        source: devEnvironment.id,
        name: 'dev-copy',
        cluster: edgeCluster.id,
        environmentBackup: completedEnvironmentBackup.id,
      }),
    );
    await waitFor(() => expect(clone).toBeEnabled());
    await userEvent.click(clone);
    expect(api.cloneEnvironment).toHaveBeenCalledWith({
      source: devEnvironment.id,
      name: 'dev-copy',
      cluster: edgeCluster.id,
      environmentBackup: completedEnvironmentBackup.id,
    });
  });

  it('shows the plan’s problems, a name taken among them, and keeps it from starting', async () => {
    const { dialog } = renderDialog(
      mockStyrminApi({
        getEnvironmentClonePlan: async ({ name }) => ({
          ...clonePlan(name),
          problems: [`An environment named ${name} exists already`],
        }),
      }),
    );
    await userEvent.type(dialog.getByLabelText(/^Name/), 'prod');
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The clone cannot start:An environment named prod exists already',
    );
    expect(dialog.getByRole('button', { name: 'Clone' })).toBeDisabled();
  });
});
