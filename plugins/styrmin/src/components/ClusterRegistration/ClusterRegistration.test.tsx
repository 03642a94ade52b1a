import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  styrminClusterCreatePermission,
  styrminClusterReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { localCluster } from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { ClustersCard } from '../ClustersCard';

// Typing into several fields takes seconds on a busy machine.
jest.setTimeout(30_000);

const token = 'sta_0123456789abcdef';

const openForm = async () => {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Register cluster' }),
  );
  return within(screen.getByRole('dialog', { name: 'Register a cluster' }));
};

describe('ClusterRegistration', () => {
  it('registers a cluster with its settings and shows its agent token this once', async () => {
    const api = mockStyrminApi({
      registerCluster: async () => ({
        cluster: { ...localCluster, id: 'c-edge', name: 'edge' },
        agentToken: token,
      }),
    });
    renderPage(<ClustersCard />, api);

    const form = await openForm();
    const register = form.getByRole('button', { name: 'Register' });
    expect(register).toBeDisabled();
    await userEvent.type(form.getByLabelText(/^Name/), 'edge');
    await userEvent.type(
      form.getByLabelText('Base domain'),
      'edge.example.com',
    );
    await userEvent.click(register);

    await waitFor(() =>
      expect(api.registerCluster).toHaveBeenCalledWith({
        name: 'edge',
        settings: { base_domain: 'edge.example.com' },
      }),
    );
    const shown = within(
      await screen.findByRole('dialog', {
        name: 'Registered edge: install its agent',
      }),
    );
    expect(shown.getByLabelText('Agent token')).toHaveTextContent(token);
    expect(
      shown.getByRole('button', { name: 'Copy the agent token' }),
    ).toBeInTheDocument();
    expect(
      shown.getByText(/shown this once: give it to the cluster’s agent now/),
    ).toBeInTheDocument();
    expect(
      shown.getByText(/--from-literal=token='sta_0123456789abcdef'/),
    ).toBeInTheDocument();
    // The card reads the clusters again, to list the new one.
    await waitFor(() => expect(api.getClusters).toHaveBeenCalledTimes(2));

    await userEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(token)).toBeNull());
    expect(screen.queryByText(/--from-literal/)).toBeNull();
  });

  it('shows the coded refusal next to the field at fault, and keeps the form', async () => {
    const api = mockStyrminApi({
      registerCluster: async () => {
        throw new StyrminApiError({
          code: 'CONFLICT',
          status: 200,
          message: 'A cluster named local exists',
          field: 'name',
        });
      },
    });
    renderPage(<ClustersCard />, api);

    const form = await openForm();
    await userEvent.type(form.getByLabelText(/^Name/), 'local');
    await userEvent.click(form.getByRole('button', { name: 'Register' }));

    expect(
      await form.findByText('[CONFLICT] A cluster named local exists'),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/^Name/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByLabelText('Agent token')).toBeNull();
  });

  it('refuses a user without styrmin.cluster.create, saying why', async () => {
    renderPage(<ClustersCard />, mockStyrminApi(), {
      allowed: [styrminClusterReadPermission.name],
    });

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Register cluster' }),
      ).toBeDisabled(),
    );
    expect(
      screen.getByText(
        `Registering a cluster needs ${styrminClusterCreatePermission.name}, which administrators have.`,
      ),
    ).toBeInTheDocument();
  });
});
