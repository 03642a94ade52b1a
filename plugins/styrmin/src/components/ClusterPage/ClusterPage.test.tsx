import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  styrminClusterReadPermission,
  styrminClusterUpdatePermission,
  styrminEnvironmentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import type { Redeployment, UpdateClusterResult } from '@styrmin/sdk';
import { forbidden, mockStyrminApi } from '../../__testUtils__/fixtures';
import {
  deployment,
  devEnvironment,
  localCluster,
} from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { ClusterPage } from './ClusterPage';

const readOnly = {
  allowed: [
    styrminClusterReadPermission.name,
    styrminEnvironmentReadPermission.name,
  ],
};

const redeployment: Redeployment = {
  deployment: {
    id: 'd-infrahub-dev',
    name: 'infrahub',
    state: 'RUNNING',
    environment: { name: 'dev' },
  },
  flow: 'UPDATE_INSTANCE',
  diff: [
    {
      path: 'cluster.base_domain',
      kind: 'CHANGED',
      before: 'apps.example.com',
      after: 'apps2.example.com',
      secret: false,
    },
  ],
  task: null,
};

describe('ClusterPage', () => {
  it("shows its agent's health and last contact, and its environments", async () => {
    renderPage(<ClusterPage name="local" />);

    expect(
      await screen.findByText(/^Healthy, last contact/),
    ).toBeInTheDocument();
    expect(screen.getByText('cluster:c-local')).toBeInTheDocument();
    const environments = within(
      await screen.findByRole('list', { name: 'Environments of local' }),
    );
    expect(environments.getByRole('link', { name: 'dev' })).toHaveAttribute(
      'href',
      '/styrmin/environments/dev',
    );
    expect(environments.getByText('2 deployments')).toBeInTheDocument();
    expect(
      environments.getByRole('link', { name: 'prod' }),
    ).toBeInTheDocument();
    expect(environments.queryByRole('link', { name: 'edge-lab' })).toBeNull();
  });

  it('shows its utilities with their states, versions and newest tasks, from system-<cluster>', async () => {
    const getEnvironment = jest.fn(async () => ({
      ...devEnvironment,
      id: 'e-system-local',
      name: 'system-local',
      deployments: [
        deployment({
          id: 'd-ingress',
          name: 'ingress-nginx',
          state: 'RUNNING',
          driverVersion: { name: 'ingress-nginx', version: '1.0.0' },
          appVersion: '1.12.1',
        }),
        deployment({
          id: 'd-dns',
          name: 'k8s-gateway',
          state: 'DEPLOYING',
          driverVersion: { name: 'k8s-gateway', version: '1.0.0' },
          appVersion: '0.4.0',
          latestTask: {
            id: 'task-dns',
            type: 'update_instance',
            status: 'RUNNING',
            result: 'RUNNING',
            createdAt: '2025-03-05T09:00:00.000Z',
          },
        }),
      ],
    }));
    renderPage(
      <ClusterPage name="local" />,
      mockStyrminApi({ getEnvironment }),
    );

    const utilities = within(
      await screen.findByRole('table', { name: 'Utilities of local' }),
    );
    expect(getEnvironment).toHaveBeenCalledWith({ name: 'system-local' });
    const rows = utilities.getAllByRole('row').slice(1);
    expect(rows.map(row => row.textContent)).toEqual([
      expect.stringMatching(
        /^ingress-nginxRUNNINGingress-nginx 1\.0\.01\.12\.1SUCCEEDED$/,
      ),
      expect.stringMatching(
        /^k8s-gatewayDEPLOYINGk8s-gateway 1\.0\.00\.4\.0RUNNING$/,
      ),
    ]);
    expect(
      utilities.getByRole('link', { name: 'ingress-nginx' }),
    ).toHaveAttribute('href', '/styrmin/deployments/d-ingress');
    expect(
      screen.getByText(/they cannot be edited by hand/),
    ).toBeInTheDocument();
  });

  it('says when the cluster has no utilities', async () => {
    renderPage(
      <ClusterPage name="local" />,
      mockStyrminApi({ getEnvironment: async () => undefined }),
    );
    expect(
      await screen.findByText(/^No utilities on local/),
    ).toBeInTheDocument();
  });

  it('says when its agent was never seen', async () => {
    renderPage(<ClusterPage name="new" />);
    expect(await screen.findByText('Never seen')).toBeInTheDocument();
    expect(
      await screen.findByText('No environments on new yet.'),
    ).toBeInTheDocument();
  });

  it('says when there is no such cluster', async () => {
    renderPage(<ClusterPage name="moon" />);
    expect(
      await screen.findByText('No cluster named moon'),
    ).toBeInTheDocument();
  });

  it('shows why it could not be read', async () => {
    renderPage(
      <ClusterPage name="local" />,
      mockStyrminApi({
        getCluster: async () => {
          throw forbidden;
        },
      }),
    );
    expect(
      await screen.findByText(
        'Error: [FORBIDDEN] Reading drivers needs styrmin.driver.read',
      ),
    ).toBeInTheDocument();
  });

  describe('settings', () => {
    it('shows the storage classes, ingress class, base domain and the rest', async () => {
      renderPage(<ClusterPage name="local" tab="settings" />);

      expect(
        await screen.findByText('standard (default), fast: ssd'),
      ).toBeInTheDocument();
      expect(screen.getByText('nginx')).toBeInTheDocument();
      expect(screen.getByText('apps.example.com')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('tabpanel')).toHaveTextContent(
          '"extra": { "proxy": { "enabled": true } }',
        ),
      );
    });

    it('shows a reader the settings read-only, with the reason', async () => {
      renderPage(
        <ClusterPage name="local" tab="settings" />,
        undefined,
        readOnly,
      );

      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: 'Edit settings' }),
        ).toBeDisabled(),
      );
      expect(
        screen.getByText(
          `Read-only: changing a cluster's settings needs ${styrminClusterUpdatePermission.name}, which administrators have.`,
        ),
      ).toBeInTheDocument();
    });

    it('lists the deployments a change would redeploy before it is saved', async () => {
      const api = mockStyrminApi({
        previewClusterUpdate: async () => [redeployment],
        updateCluster: async () =>
          ({
            cluster: { ...localCluster, version: 2 },
            changed: true,
            redeployments: [redeployment],
          } as UpdateClusterResult),
      });
      renderPage(<ClusterPage name="local" tab="settings" />, api);

      await userEvent.click(
        await screen.findByRole('button', { name: 'Edit settings' }),
      );
      const review = screen.getByRole('button', { name: 'Review changes' });
      // Nothing changed yet: nothing to review.
      expect(review).toBeDisabled();
      const domain = screen.getByLabelText('Base domain');
      await userEvent.clear(domain);
      await userEvent.type(domain, 'apps2.example.com');
      await userEvent.clear(screen.getByLabelText('Ingress class'));
      await userEvent.click(review);

      const expectedInput = {
        id: localCluster.id,
        expectedVersion: 1,
        settings: { base_domain: 'apps2.example.com', ingress_class: null },
      };
      // Each deployment with its flow and its diff, as for an environment's overrides.
      const list = within(
        await screen.findByRole('region', {
          name: 'Deployments the change redeploys',
        }),
      );
      expect(api.previewClusterUpdate).toHaveBeenCalledWith(expectedInput);
      expect(api.updateCluster).not.toHaveBeenCalled();
      expect(
        screen.getByText(/^Saving redeploys 1 deployment,/),
      ).toBeInTheDocument();
      expect(list.getByRole('link', { name: 'dev/infrahub' })).toHaveAttribute(
        'href',
        '/styrmin/deployments/d-infrahub-dev',
      );
      expect(list.getByText(/UPDATE_INSTANCE/)).toBeInTheDocument();
      expect(list.getByText('cluster.base_domain')).toBeInTheDocument();
      expect(list.getByText('apps2.example.com')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(api.updateCluster).toHaveBeenCalledWith(expectedInput),
      );
      expect(
        await screen.findByRole('button', { name: 'Edit settings' }),
      ).toBeInTheDocument();
      // Read again after the save.
      await waitFor(() => expect(api.getCluster).toHaveBeenCalledTimes(2));
    });

    it('says when a change redeploys nothing, and goes back to editing', async () => {
      renderPage(<ClusterPage name="local" tab="settings" />);

      await userEvent.click(
        await screen.findByRole('button', { name: 'Edit settings' }),
      );
      await userEvent.type(screen.getByLabelText('Storage class'), '-2');
      await userEvent.click(
        screen.getByRole('button', { name: 'Review changes' }),
      );

      expect(
        await screen.findByText(
          'Saving redeploys no deployment: none uses a value that changes.',
        ),
      ).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: 'Back to editing' }),
      );
      expect(screen.getByLabelText('Storage class')).toHaveValue('standard-2');
    });

    it('refuses to review other settings that are not a JSON object', async () => {
      const api = mockStyrminApi();
      renderPage(<ClusterPage name="local" tab="settings" />, api);

      await userEvent.click(
        await screen.findByRole('button', { name: 'Edit settings' }),
      );
      const other = screen.getByLabelText('Other settings (JSON)');
      await userEvent.clear(other);
      await userEvent.type(other, '[[1]');

      expect(
        screen.getByText('Must be a JSON object of settings by name'),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Review changes' }),
      ).toBeDisabled();
      expect(api.previewClusterUpdate).not.toHaveBeenCalled();
    });
  });

  describe('rotating the agent token', () => {
    const token = 'styrmin-agent.c-local.s3cr3t-0123456789';

    it('asks first, then shows the new token once, with a copy button', async () => {
      const api = mockStyrminApi({
        rotateAgentToken: async () => ({
          cluster: localCluster,
          agentToken: token,
        }),
      });
      renderPage(<ClusterPage name="local" />, api);

      await userEvent.click(
        await screen.findByRole('button', { name: 'Rotate agent token' }),
      );
      const confirm = within(await screen.findByRole('dialog'));
      expect(
        confirm.getByText(/The current token stops working at once/),
      ).toBeInTheDocument();
      expect(api.rotateAgentToken).not.toHaveBeenCalled();
      await userEvent.click(confirm.getByRole('button', { name: 'Rotate' }));

      const shown = within(
        await screen.findByRole('dialog', {
          name: 'The new agent token of local',
        }),
      );
      expect(shown.getByLabelText('New agent token')).toHaveTextContent(token);
      expect(
        shown.getByRole('button', { name: 'Copy the agent token' }),
      ).toBeInTheDocument();
      expect(api.rotateAgentToken).toHaveBeenCalledWith(localCluster.id);

      await userEvent.click(shown.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByText(token)).toBeNull());
      // Opening the rotation again asks again, and never shows the old token.
      await userEvent.click(
        await screen.findByRole('button', { name: 'Rotate agent token' }),
      );
      await screen.findByRole('dialog', {
        name: 'Rotate the agent token of local?',
      });
      expect(screen.queryByText(token)).toBeNull();
      expect(api.rotateAgentToken).toHaveBeenCalledTimes(1);
    });

    it('is disabled for readers, with the reason', async () => {
      renderPage(<ClusterPage name="local" />, undefined, readOnly);
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: 'Rotate agent token' }),
        ).toBeDisabled(),
      );
      expect(
        screen.getByText(
          `Rotating the agent token needs ${styrminClusterUpdatePermission.name}, which administrators have.`,
        ),
      ).toBeInTheDocument();
    });
  });
});
