import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyrminApiError } from '@styrmin/sdk';
import {
  completedBackup,
  failedBackup,
  restoreTree,
  runningBackup,
  runningRestore,
} from '../../__testUtils__/backupFixtures';
import { deployment, tombstone } from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentBackups } from './DeploymentBackups';

const READ_ONLY = ['styrmin.backup.read'];

function renderTab(
  api = mockStyrminApi(),
  options: { allowed?: string[]; route?: string; onChanged?: () => void } = {},
) {
  const { onChanged = jest.fn(), ...pageOptions } = options;
  renderPage(
    <DeploymentBackups deployment={deployment} onChanged={onChanged} />,
    api,
    pageOptions,
  );
  return api;
}

/** The button, once it shows and the user's permissions are known. */
async function button(name: string) {
  await waitFor(() => {
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByText(/Checking your permissions/)).toBeNull();
  });
  return screen.getByRole('button', { name });
}

describe('DeploymentBackups', () => {
  it('lists the backup history newest first with Velero phases, and opens the newest with its steps', async () => {
    const api = renderTab();

    const list = within(
      await screen.findByRole('list', { name: 'Backups, newest first' }),
    );
    const items = list.getAllByRole('link');
    expect(items.map(item => item.textContent)).toEqual([
      expect.stringMatching(
        /^Completed.*instance #2.*by user:default\/ada.*40 of 40 items, 1\.5 MiB$/,
      ),
      expect.stringMatching(
        /^FailedValidation.*instance #1.*by styrmin:scheduler.*Nothing backed up yet$/,
      ),
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveAttribute('href', '/?backup=backup-failed');

    const steps = within(
      await screen.findByRole('region', { name: 'Steps of the backup' }),
    );
    expect(
      steps.getByRole('listitem', { name: 'Back up the namespace' }),
    ).toBeInTheDocument();
    expect(api.getBackup).toHaveBeenCalledWith(completedBackup.id);
    expect(await button('Restore')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows why a failed backup failed, in words, and why it cannot be restored', async () => {
    renderTab(mockStyrminApi(), { route: `/?backup=${failedBackup.id}` });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The backup storage location minio is Unavailable: AccessDenied',
    );
    expect(await button('Restore')).toBeDisabled();
    expect(
      screen.getByText(
        'Restore: The backup is FailedValidation: only a Completed backup can be restored',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1 errors, 0 warnings')).toBeInTheDocument();
  });

  it('shows the progress of a backup that runs, and refuses to delete it until it has ended', async () => {
    renderTab(
      mockStyrminApi({
        getDeploymentBackups: async () => ({
          nodes: [runningBackup, completedBackup],
          pageInfo: { endCursor: null, hasNextPage: false },
        }),
      }),
    );

    expect(
      await screen.findAllByRole('progressbar', {
        name: 'Backed up 12 of 40 items',
      }),
    ).not.toHaveLength(0);
    expect(await button('Delete')).toBeDisabled();
    expect(
      screen.getByText(
        'Delete: A backup is deleted once it has ended; it is InProgress',
      ),
    ).toBeInTheDocument();
  });

  it('backs up now and opens the new backup', async () => {
    const api = mockStyrminApi({
      createBackup: async () => runningBackup,
      getDeploymentBackups: jest
        .fn()
        .mockResolvedValueOnce({
          nodes: [completedBackup],
          pageInfo: { endCursor: null, hasNextPage: false },
        })
        .mockResolvedValue({
          nodes: [runningBackup, completedBackup],
          pageInfo: { endCursor: null, hasNextPage: false },
        }),
    });
    renderTab(api);

    await userEvent.click(await button('Back up now'));

    expect(api.createBackup).toHaveBeenCalledWith({
      deployment: deployment.id,
    });
    expect(await screen.findByText('Backing up infrahub')).toBeInTheDocument();
    // The new backup is the one opened: its record is read.
    await waitFor(() =>
      expect(api.getBackup).toHaveBeenCalledWith(runningBackup.id),
    );
    // Ready for the next one.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Back up now', hidden: true }),
      ).toBeEnabled(),
    );
  });

  it('shows the server’s refusal of a backup', async () => {
    const api = mockStyrminApi({
      createBackup: async () => {
        throw new StyrminApiError({
          code: 'CONFLICT',
          status: 200,
          message: 'Environment dev has no configured backup storage location',
        });
      },
    });
    renderTab(api);

    await userEvent.click(await button('Back up now'));

    expect(
      await screen.findByText(
        'Error: [CONFLICT] Environment dev has no configured backup storage location',
      ),
    ).toBeInTheDocument();
  });

  it('restores after a confirmation that names what will be replaced', async () => {
    const onChanged = jest.fn();
    const api = mockStyrminApi({ restoreBackup: async () => runningRestore });
    renderTab(api, { onChanged });

    await userEvent.click(await button('Restore'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByRole('heading', { name: 'Restore infrahub from a backup' }),
    ).toBeInTheDocument();
    expect(
      within(dialog.getByRole('list', { name: 'What the restore replaces' }))
        .getAllByRole('listitem')
        .map(item => item.textContent),
    ).toEqual([
      'its components stop;',
      "the data of its volume claims is replaced by the backup's: what was written since the backup is lost;",
      "the objects the backup holds are updated to the backup's;",
      'its components start again.',
    ]);
    expect(api.restoreBackup).not.toHaveBeenCalled();

    await userEvent.click(dialog.getByRole('button', { name: 'Restore' }));

    expect(api.restoreBackup).toHaveBeenCalledWith(completedBackup.id);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChanged).toHaveBeenCalled();
  });

  it('deletes a backup once confirmed', async () => {
    const api = mockStyrminApi({ deleteBackup: async () => completedBackup });
    renderTab(api);

    await userEvent.click(await button('Delete'));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(api.deleteBackup).toHaveBeenCalledWith(completedBackup.id);
  });

  it('lets a read-only user read the history and the steps, with every action disabled and why', async () => {
    renderTab(mockStyrminApi(), { allowed: READ_ONLY });

    await screen.findByRole('region', { name: 'Steps of the backup' });
    for (const [name, permission] of [
      ['Back up now', 'styrmin.backup.create'],
      ['Restore', 'styrmin.backup.restore'],
      ['Delete', 'styrmin.backup.delete'],
    ]) {
      expect(await button(name)).toBeDisabled();
      expect(
        screen.getByText(`${name}: You lack the permission ${permission}`),
      ).toBeInTheDocument();
    }
  });

  it('shows a tombstone’s history, taking no backup of it', async () => {
    renderPage(
      <DeploymentBackups deployment={tombstone} onChanged={jest.fn()} />,
    );

    expect(
      await screen.findByRole('list', { name: 'Backups, newest first' }),
    ).toBeInTheDocument();
    expect(await button('Back up now')).toBeDisabled();
    expect(
      screen.getByText(
        'Back up now: The deployment is deleted: its backup history stays, no backup can be taken',
      ),
    ).toBeInTheDocument();
  });

  it('follows a restore with its Velero phase and its task’s steps', async () => {
    const api = mockStyrminApi({
      getDeploymentRestores: async () => [runningRestore],
      getTaskTree: async id =>
        id === restoreTree.id ? restoreTree : undefined,
    });
    renderTab(api);

    const restores = within(
      await screen.findByRole('list', { name: 'Restores, newest first' }),
    );
    expect(
      restores.getByText('From the backup of instance #2'),
    ).toBeInTheDocument();
    const steps = within(
      await screen.findByRole('region', { name: 'Steps of the restore' }),
    );
    expect(
      within(steps.getByRole('list', { name: 'Steps of restore_backup' }))
        .getAllByRole('listitem')
        .map(item => item.getAttribute('aria-label')),
    ).toEqual([
      'Stop the components',
      'Remove the volume claims of the backup',
      'Restore the namespace',
      'Start the components',
    ]);
  });

  it('says when the deployment has no backups yet', async () => {
    renderTab(
      mockStyrminApi({
        getDeploymentBackups: async () => ({
          nodes: [],
          pageInfo: { endCursor: null, hasNextPage: false },
        }),
      }),
    );

    expect(await screen.findByText('No backups yet')).toBeInTheDocument();
  });
});
