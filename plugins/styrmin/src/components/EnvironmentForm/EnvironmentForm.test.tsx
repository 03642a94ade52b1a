import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  styrminClusterReadPermission,
  styrminEnvironmentCreatePermission,
  styrminEnvironmentDeletePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import {
  Redeployment,
  StyrminApiError,
  UpdateEnvironmentResult,
} from '@styrmin/sdk';
import { minioLocation } from '../../__testUtils__/backupFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import {
  devEnvironment,
  edgeEnvironment,
} from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { ClusterPage } from '../ClusterPage';
import { EnvironmentPage } from '../EnvironmentPage';

// Forms typed into on a machine shared by many test runs.
jest.setTimeout(60_000);

const readOnly = {
  allowed: [
    styrminClusterReadPermission.name,
    styrminEnvironmentReadPermission.name,
  ],
};

const offsite = { ...minioLocation, id: 'l-offsite', name: 'offsite' };

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
      path: 'cluster.ingress_class',
      kind: 'CHANGED',
      before: 'traefik',
      after: 'nginx-internal',
      secret: false,
    },
  ],
  task: null,
};

/** Chooses an option of a Material UI select by its label. */
const choose = async (label: string, option: string) => {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(
    within(await screen.findByRole('listbox')).getByText(option),
  );
};

describe('CreateEnvironment', () => {
  it('creates an environment in the cluster with its location and overrides', async () => {
    const api = mockStyrminApi({
      getBackupStorageLocations: async () => [minioLocation, offsite],
      createEnvironment: async () => edgeEnvironment,
    });
    renderPage(<ClusterPage name="local" />, api);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Create environment' }),
    );
    const form = within(
      screen.getByRole('dialog', { name: 'Create an environment in local' }),
    );
    await userEvent.type(form.getByLabelText(/^Name/), 'staging');
    await choose('Backup storage location', 'offsite');
    await userEvent.type(form.getByLabelText('Base domain'), 'stg.example.com');
    await userEvent.click(form.getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(api.createEnvironment).toHaveBeenCalledWith({
        name: 'staging',
        cluster: 'c-local',
        overrides: { base_domain: 'stg.example.com' },
        backupStorageLocation: 'offsite',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again, to show the new environment.
    await waitFor(() => expect(api.getEnvironments).toHaveBeenCalledTimes(2));
  });

  it('shows the coded refusal next to the field at fault', async () => {
    const api = mockStyrminApi({
      createEnvironment: async () => {
        throw new StyrminApiError({
          code: 'VALIDATION_FAILED',
          status: 200,
          message: 'No backup storage location is named gone',
          field: 'backupStorageLocation',
        });
      },
    });
    renderPage(<ClusterPage name="local" />, api);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Create environment' }),
    );
    const form = within(screen.getByRole('dialog'));
    await userEvent.type(form.getByLabelText(/^Name/), 'staging');
    await userEvent.click(form.getByRole('button', { name: 'Create' }));

    expect(
      await form.findByText(
        '[VALIDATION_FAILED] No backup storage location is named gone',
      ),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/^Name/)).toHaveAttribute(
      'aria-invalid',
      'false',
    );
  });

  it('refuses a user without styrmin.environment.create, saying why', async () => {
    renderPage(<ClusterPage name="local" />, mockStyrminApi(), readOnly);

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Create environment' }),
      ).toBeDisabled(),
    );
    expect(
      screen.getByText(
        `Creating an environment needs ${styrminEnvironmentCreatePermission.name}, which administrators have.`,
      ),
    ).toBeInTheDocument();
  });
});

describe('EditEnvironment', () => {
  const openForm = async (api = mockStyrminApi()) => {
    renderPage(<EnvironmentPage name="dev" tab="settings" />, api);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit settings' }),
    );
    return api;
  };

  it('shows what an overrides change redeploys, with its diff, before saving it', async () => {
    const api = await openForm(
      mockStyrminApi({
        getBackupStorageLocations: async () => [minioLocation, offsite],
        previewEnvironmentUpdate: async () => [redeployment],
        updateEnvironment: async () =>
          ({
            changed: true,
            environment: { ...devEnvironment, version: 2 },
            redeployments: [redeployment],
          } as UpdateEnvironmentResult),
      }),
    );
    const review = screen.getByRole('button', { name: 'Review changes' });
    // Nothing changed yet: nothing to review.
    expect(review).toBeDisabled();
    const ingress = screen.getByLabelText('Ingress class');
    await userEvent.clear(ingress);
    await userEvent.type(ingress, 'nginx-internal');
    await choose('Backup storage location', 'None: backups cannot be taken');
    await userEvent.click(review);

    const expectedInput = {
      id: 'e-dev',
      expectedVersion: 1,
      overrides: { ingress_class: 'nginx-internal' },
      backupStorageLocation: null,
    };
    const reviewed = within(
      await screen.findByRole('region', {
        name: 'Deployments the change redeploys',
      }),
    );
    expect(api.previewEnvironmentUpdate).toHaveBeenCalledWith(expectedInput);
    expect(api.updateEnvironment).not.toHaveBeenCalled();
    expect(
      reviewed.getByRole('link', { name: 'dev/infrahub' }),
    ).toHaveAttribute('href', '/styrmin/deployments/d-infrahub-dev');
    expect(reviewed.getByText('cluster.ingress_class')).toBeInTheDocument();
    expect(reviewed.getByText('nginx-internal')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateEnvironment).toHaveBeenCalledWith(expectedInput),
    );
    expect(
      await screen.findByRole('button', { name: 'Edit settings' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.getEnvironment).toHaveBeenCalledTimes(2));
  });

  it('goes back to the form with the refusal next to the field at fault', async () => {
    await openForm(
      mockStyrminApi({
        previewEnvironmentUpdate: async () => {
          throw new StyrminApiError({
            code: 'VALIDATION_FAILED',
            status: 200,
            message: 'Not a DNS name',
            field: 'overrides.base_domain',
          });
        },
      }),
    );
    await userEvent.type(screen.getByLabelText('Base domain'), 'bad_domain');
    await userEvent.click(
      screen.getByRole('button', { name: 'Review changes' }),
    );

    expect(
      await screen.findByText('[VALIDATION_FAILED] Not a DNS name'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Base domain')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText('Base domain')).toHaveValue('bad_domain');
  });

  it('refuses a user without styrmin.environment.update, saying why', async () => {
    renderPage(
      <EnvironmentPage name="dev" tab="settings" />,
      mockStyrminApi(),
      readOnly,
    );

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Edit settings' }),
      ).toBeDisabled(),
    );
    expect(
      screen.getByText(
        `Changing an environment's settings needs ${styrminEnvironmentUpdatePermission.name}, which administrators have.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Deleting an environment needs ${styrminEnvironmentDeletePermission.name}, which administrators have.`,
      ),
    ).toBeInTheDocument();
  });
});

describe('DeleteEnvironment', () => {
  it('deletes an environment without deployments once its name is typed', async () => {
    const api = mockStyrminApi({
      deleteEnvironment: async () => ({
        ...edgeEnvironment,
        deletedAt: '2025-03-06T10:00:00.000Z',
      }),
    });
    renderPage(<EnvironmentPage name="edge-lab" tab="settings" />, api);

    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete environment' }),
    );
    const dialog = within(screen.getByRole('dialog'));
    const remove = dialog.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await userEvent.type(
      dialog.getByLabelText("Type the environment's name to confirm"),
      'edge-lab',
    );
    await userEvent.click(remove);

    await waitFor(() =>
      expect(api.deleteEnvironment).toHaveBeenCalledWith({
        id: 'e-edge',
        expectedVersion: 1,
      }),
    );
  });

  it('says that an environment with deployments cannot be deleted yet', async () => {
    renderPage(<EnvironmentPage name="dev" tab="settings" />);

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Delete environment' }),
      ).toBeDisabled(),
    );
    expect(
      screen.getByText('It has 2 deployments: delete them first.'),
    ).toBeInTheDocument();
  });
});
