import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  styrminEnvironmentBackupCreatePermission,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentBackupReadPermission,
} from '@styrmin/plugin-styrmin-common';
import type { EnvironmentOperation } from '@styrmin/sdk';
import { StyrminApiError } from '@styrmin/sdk';
import { useLocation } from 'react-router-dom';
import {
  completedEnvironmentBackup,
  partialEnvironmentBackup,
  runningEnvironmentBackup,
} from '../../__testUtils__/environmentOperationFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import {
  devEnvironment,
  edgeEnvironment,
} from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { EnvironmentBackups } from './EnvironmentBackups';

/** What an operator holds of the environment backups: all but restoring. */
const OPERATOR = [
  styrminEnvironmentBackupReadPermission.name,
  styrminEnvironmentBackupCreatePermission.name,
  styrminEnvironmentBackupDeletePermission.name,
];

/** Where the app is, with the query: a restore opens the Tasks tab at its task. */
const Location = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="Location">{`${pathname}${search}`}</output>;
};

function renderTab(
  api = mockStyrminApi(),
  options: { allowed?: string[]; route?: string } = {},
  environment = devEnvironment,
) {
  renderPage(
    <>
      <EnvironmentBackups environment={environment} />
      <Location />
    </>,
    api,
    options,
  );
  return api;
}

/** The button, once it shows and the user's permissions are known. */
async function button(name: string) {
  // The selected environment backup's actions show once it is read.
  await screen.findByRole('button', { name }, { timeout: 10_000 });
  await waitFor(() => {
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryAllByText(/Checking your permissions/)).toHaveLength(0);
  });
  return screen.getByRole('button', { name });
}

// Typing into Material UI's fields and menus is slow on a loaded machine.
jest.setTimeout(30_000);

describe('EnvironmentBackups', () => {
  it('lists the environment backups newest first with their status, and opens the newest with its constituents', async () => {
    const api = renderTab();

    const list = within(
      await screen.findByRole('list', {
        name: 'Environment backups, newest first',
      }),
    );
    const items = list.getAllByRole('link');
    expect(items.map(item => item.textContent)).toEqual([
      expect.stringMatching(
        /^COMPLETED.*by user:default\/ada; 2 constituents$/,
      ),
      expect.stringMatching(/^PARTIAL.*1 of 2 constituents left$/),
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveAttribute(
      'href',
      `/?backup=${partialEnvironmentBackup.id}`,
    );
    expect(api.getEnvironmentBackups).toHaveBeenCalledWith({
      id: devEnvironment.id,
      first: 20,
      after: undefined,
    });

    const rows = within(
      await screen.findByRole('table', { name: 'Constituents' }),
    ).getAllByRole('row');
    expect(rows.map(row => row.textContent)).toEqual([
      'DeploymentDriver versionApplication versionConstituent backup',
      'infrahubinfrahub 1.1.01.5.2Completed 1.5 MiB',
      'semaphoresemaphore 1.0.02.10.0Completed 2.0 KiB',
    ]);
    expect(
      within(rows[1]).getByRole('link', { name: 'infrahub' }),
    ).toHaveAttribute('href', '/styrmin/deployments/d-infrahub-dev');
    expect(
      within(rows[1]).getByRole('link', {
        name: 'The backup of infrahub: Completed',
      }),
    ).toHaveAttribute(
      'href',
      '/styrmin/deployments/d-infrahub-dev/backups?backup=backup-completed',
    );
    expect(await button('Restore')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows a constituent deleted since as gone, and the status in words', async () => {
    renderTab(mockStyrminApi(), {
      route: `/?backup=${partialEnvironmentBackup.id}`,
    });

    const table = within(
      await screen.findByRole('table', { name: 'Constituents' }),
    );
    expect(table.getAllByRole('row')[2]).toHaveTextContent(
      'semaphoresemaphore 1.0.02.10.0Gone: deleted or expired',
    );
    expect(
      screen.getByText(
        'Every constituent that is left is Completed, but some were deleted or expired since.',
      ),
    ).toBeInTheDocument();
  });

  it('backs up the environment and opens the new environment backup', async () => {
    const api = renderTab(
      mockStyrminApi({
        createEnvironmentBackup: jest.fn(async () => runningEnvironmentBackup),
      }),
    );
    api.getEnvironmentBackups.mockResolvedValue({
      nodes: [runningEnvironmentBackup, completedEnvironmentBackup],
      pageInfo: { endCursor: null, hasNextPage: false },
    });

    await userEvent.click(await button('Back up'));

    expect(api.createEnvironmentBackup).toHaveBeenCalledWith({
      environment: devEnvironment.id,
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveTextContent(
        `?backup=${runningEnvironmentBackup.id}`,
      ),
    );
    expect(
      await screen.findByText(
        'Restore: It is restored once every constituent has ended',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('shows why the server refused the backup under the button', async () => {
    renderTab(
      mockStyrminApi({
        createEnvironmentBackup: async () => {
          throw new StyrminApiError({
            code: 'CONFLICT',
            message:
              'semaphore in dev is DEPLOYING: it is backed up once its task ends',
          });
        },
      }),
    );
    await userEvent.click(await button('Back up'));
    expect(
      await screen.findByText(
        'Error: [CONFLICT] semaphore in dev is DEPLOYING: it is backed up once its task ends',
      ),
    ).toBeInTheDocument();
  });

  it('deletes an environment backup once confirmed, naming its constituents', async () => {
    const api = renderTab(
      mockStyrminApi({
        deleteEnvironmentBackup: jest.fn(
          async () => completedEnvironmentBackup,
        ),
      }),
    );
    await userEvent.click(await button('Delete'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByRole('list', { name: 'Constituent backups deleted' }),
    ).toHaveTextContent(
      'infrahub: styrmin-infrahub-20250306090000semaphore: styrmin-semaphore-20250306090000',
    );
    expect(api.deleteEnvironmentBackup).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(api.deleteEnvironmentBackup).toHaveBeenCalledWith(
      completedEnvironmentBackup.id,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again, without the deleted one.
    await waitFor(() =>
      expect(api.getEnvironmentBackups).toHaveBeenCalledTimes(2),
    );
  });

  it('previews a restore, what it restores and what it cannot with why, then restores and opens its task', async () => {
    const api = renderTab(
      mockStyrminApi({
        restoreEnvironment: jest.fn(
          async () =>
            ({
              task: { id: 'task-restore-dev' },
              environment: { id: devEnvironment.id, name: 'dev' },
            } as EnvironmentOperation),
        ),
      }),
      { route: `/?backup=${partialEnvironmentBackup.id}` },
    );
    await userEvent.click(await button('Restore'));
    const dialog = within(await screen.findByRole('dialog'));

    expect(
      await dialog.findByRole('list', { name: 'Deployments restored' }),
    ).toHaveTextContent(
      'infrahub: back to infrahub 1.1.0, application 1.5.2, as captured; then its data is restored in place',
    );
    expect(
      dialog.getByRole('list', { name: 'Deployments not restored' }),
    ).toHaveTextContent(
      'semaphore (CONSTITUENT_GONE): Its constituent backup was deleted or expired',
    );
    expect(api.getEnvironmentRestorePlan).toHaveBeenCalledWith({
      environmentBackup: partialEnvironmentBackup.id,
    });
    expect(api.restoreEnvironment).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Restore' }));

    expect(api.restoreEnvironment).toHaveBeenCalledWith({
      environmentBackup: partialEnvironmentBackup.id,
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveTextContent(
        '/styrmin/environments/dev/tasks?task=task-restore-dev',
      ),
    );
  });

  it('keeps the restore from starting when the plan restores nothing', async () => {
    renderTab(
      mockStyrminApi({
        getEnvironmentRestorePlan: async () => ({
          environmentBackup: partialEnvironmentBackup,
          restores: [],
          unrestorable: [
            {
              deploymentName: 'infrahub',
              reason: 'DEPLOYMENT_BUSY',
              message: 'infrahub is DEPLOYING: another task runs',
            },
          ],
        }),
      }),
    );
    await userEvent.click(await button('Restore'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      await dialog.findByText(
        'No deployment: nothing of this backup can be restored now.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();
  });

  it('shows an operator Restore disabled: only administrators restore environments', async () => {
    renderTab(mockStyrminApi(), { allowed: OPERATOR });

    expect(await button('Restore')).toBeDisabled();
    expect(
      screen.getByText(
        'Restore: Restoring an environment needs styrmin.environment.restore, which administrators have.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('disables Back up for a read-only user, and for an environment with no deployment', async () => {
    renderTab(mockStyrminApi(), {
      allowed: [styrminEnvironmentBackupReadPermission.name],
    });
    expect(await button('Back up')).toBeDisabled();
    expect(
      screen.getByText(
        'Back up: Backing up an environment needs styrmin.environmentbackup.create, which operators and administrators have.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the environment has no environment backups yet', async () => {
    renderTab(mockStyrminApi(), {}, edgeEnvironment);
    expect(
      await screen.findByText('No environment backups of edge-lab yet'),
    ).toBeInTheDocument();
    expect(await button('Back up')).toBeDisabled();
    expect(
      screen.getByText(
        'Back up: The environment has no backup storage location: its settings set one',
      ),
    ).toBeInTheDocument();
  });
});
