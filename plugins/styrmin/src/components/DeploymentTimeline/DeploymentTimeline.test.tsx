import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deployment } from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentTimeline } from './DeploymentTimeline';

describe('DeploymentTimeline', () => {
  it('shows each instance newest first: who changed what and when, its task and its diff', async () => {
    const api = renderPage(<DeploymentTimeline deploymentId={deployment.id} />);

    const entry = within(
      await screen.findByRole('listitem', { name: 'Instance 2' }),
    );
    expect(entry.getByText('active')).toBeInTheDocument();
    expect(entry.getByText(/by user:default\/ada/)).toBeInTheDocument();
    expect(entry.getByRole('link', { name: 'infrahub 1.1.0' })).toHaveAttribute(
      'href',
      '/styrmin/drivers/infrahub/1.1.0',
    );
    expect(entry.getByText('FAILED')).toBeInTheDocument();
    expect(
      entry.getByRole('link', { name: 'upgrade_instance' }),
    ).toHaveAttribute(
      'href',
      `/styrmin/deployments/${deployment.id}/tasks?task=task-upgrade`,
    );
    const diff = within(
      entry.getByRole('table', { name: 'Reconciliation diff' }),
    );
    expect(diff.getByText('driver.version').closest('tr')!.textContent).toBe(
      'driver.versionChanged1.0.01.1.0',
    );
    // The secret parameter changed; its values are never drawn.
    expect(diff.getByText('parameters.admin_password')).toBeInTheDocument();
    expect(diff.queryByText('<secret>')).toBeNull();
    expect(api.getDeploymentTimeline).toHaveBeenCalledWith({
      id: deployment.id,
      first: 10,
      after: undefined,
    });
  });

  it('pages to older instances and back', async () => {
    const api = renderPage(<DeploymentTimeline deploymentId={deployment.id} />);

    await screen.findByRole('listitem', { name: 'Instance 2' });
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));

    const first = within(
      await screen.findByRole('listitem', { name: 'Instance 1' }),
    );
    expect(first.getByText(/by user:default\/grace/)).toBeInTheDocument();
    expect(first.queryByText('active')).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Instance 2' })).toBeNull();
    expect(api.getDeploymentTimeline).toHaveBeenLastCalledWith({
      id: deployment.id,
      first: 10,
      after: 'cursor-2',
    });
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(
      await screen.findByRole('listitem', { name: 'Instance 2' }),
    ).toBeInTheDocument();
  });

  it('says when there are no instances', async () => {
    renderPage(
      <DeploymentTimeline deploymentId={deployment.id} />,
      mockStyrminApi({
        getDeploymentTimeline: async () => ({
          nodes: [],
          pageInfo: { endCursor: null, hasNextPage: false },
        }),
      }),
    );

    expect(await screen.findByText('No instances yet')).toBeInTheDocument();
  });
});
