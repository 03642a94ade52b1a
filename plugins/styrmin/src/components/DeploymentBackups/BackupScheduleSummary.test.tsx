import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BackupSchedule, StyrminApiError } from '@styrmin/sdk';
import { inheritedSchedule } from '../../__testUtils__/backupFixtures';
import { deployment, tombstone } from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { BackupScheduleSummary } from './BackupScheduleSummary';

/** The region of the schedule, once it shows and the user's permissions are known. */
async function summary() {
  const region = await screen.findByRole('region', { name: 'Backup schedule' });
  await waitFor(() =>
    expect(screen.queryByText(/Checking your permissions/)).toBeNull(),
  );
  return within(region);
}

describe('BackupScheduleSummary', () => {
  it('shows the inherited schedule with its TTL and next run, and pauses it as the deployment’s own', async () => {
    const paused: BackupSchedule = {
      ...inheritedSchedule,
      paused: true,
      inherited: false,
      nextRunAt: null,
    };
    const api = mockStyrminApi({
      getBackupSchedule: jest
        .fn()
        .mockResolvedValueOnce(inheritedSchedule)
        .mockResolvedValue(paused),
      setBackupSchedule: jest.fn(async () => paused),
    });
    renderPage(<BackupScheduleSummary deployment={deployment} />, api);

    const region = await summary();
    expect(region.getByText(/^Scheduled/).textContent).toMatch(
      /^Scheduled 0 3 \* \* \* \(UTC\), each backup kept 720h0m0s, inherited from the environment\. Next run .+\.$/,
    );
    await userEvent.click(
      region.getByRole('button', { name: 'Edit schedule' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText(/Cron expression/)).toHaveValue('0 3 * * *');
    await userEvent.click(dialog.getByRole('checkbox', { name: /Paused/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(api.setBackupSchedule).toHaveBeenCalledWith({
      deployment: deployment.id,
      cron: '0 3 * * *',
      ttl: '720h0m0s',
      paused: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText(
        /set on this deployment\. Paused: no scheduled backup is taken\./,
      ),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s refusal of a bad cron expression', async () => {
    const api = mockStyrminApi({
      getBackupSchedule: async () => null,
      setBackupSchedule: jest.fn(async () => {
        throw new StyrminApiError({
          code: 'VALIDATION_FAILED',
          status: 200,
          message:
            'backupSchedule.cron: A cron expression has five fields (minute hour day-of-month month day-of-week), not 2',
        });
      }),
    });
    renderPage(<BackupScheduleSummary deployment={deployment} />, api);

    const region = await summary();
    expect(
      region.getByText('No backup schedule: backups are taken on demand only.'),
    ).toBeInTheDocument();
    await userEvent.click(
      region.getByRole('button', { name: 'Edit schedule' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(
      dialog.getByLabelText(/Cron expression/),
      'every night',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const [refusal] = await dialog.findAllByText(
      /A cron expression has five fields/,
    );
    expect(refusal).toHaveTextContent(
      '[VALIDATION_FAILED] backupSchedule.cron',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('disables Edit schedule with the reason for a read-only user', async () => {
    renderPage(
      <BackupScheduleSummary deployment={deployment} />,
      mockStyrminApi(),
      {
        allowed: ['styrmin.backup.read'],
      },
    );
    const region = await summary();
    expect(
      region.getByRole('button', { name: 'Edit schedule' }),
    ).toBeDisabled();
    expect(
      region.getByText(
        'Edit schedule: You lack the permission styrmin.backup.schedule',
      ),
    ).toBeInTheDocument();
  });

  it('disables Edit schedule for a tombstone, whose history stays', async () => {
    renderPage(
      <BackupScheduleSummary deployment={tombstone} />,
      mockStyrminApi(),
    );
    const region = await summary();
    expect(
      region.getByRole('button', { name: 'Edit schedule' }),
    ).toBeDisabled();
  });
});
