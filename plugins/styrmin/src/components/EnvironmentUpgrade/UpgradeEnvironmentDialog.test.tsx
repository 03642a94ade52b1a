import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnvironmentOperation } from '@styrmin/sdk';
import { StyrminApiError } from '@styrmin/sdk';
import { upgradePlan } from '../../__testUtils__/environmentOperationFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { devEnvironment } from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { UpgradeEnvironmentDialog } from './UpgradeEnvironmentDialog';

const operation = {
  task: { id: 'task-upgrade-dev' },
  environment: { id: devEnvironment.id, name: 'dev' },
} as EnvironmentOperation;

function renderDialog(api = mockStyrminApi()) {
  const onDone = jest.fn();
  renderPage(
    <UpgradeEnvironmentDialog
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

describe('UpgradeEnvironmentDialog', () => {
  it('previews the upgrades in the order they run, with what is left out and why, then starts it', async () => {
    const { api, onDone, dialog } = renderDialog(
      mockStyrminApi({ upgradeEnvironment: jest.fn(async () => operation) }),
    );

    const upgrades = await dialog.findByRole('list', {
      name: 'Upgrades in order',
    });
    expect(
      within(upgrades)
        .getAllByRole('listitem')
        .map(item => item.textContent),
    ).toEqual([
      'semaphore: 1.0.0 → 1.1.0',
      'infrahub: 1.0.0 → 1.1.0 (after semaphore, which it connects to)',
    ]);
    expect(
      dialog.getByRole('list', { name: 'Deployments left out' }),
    ).toHaveTextContent(
      'grafana: grafana 2.0.0 is the newest version of its driver',
    );
    expect(api.getEnvironmentUpgradePlan).toHaveBeenCalledWith({
      environment: devEnvironment.id,
      backupFirst: false,
    });
    expect(api.upgradeEnvironment).not.toHaveBeenCalled();

    await userEvent.click(
      dialog.getByRole('button', { name: 'Start upgrade' }),
    );
    expect(api.upgradeEnvironment).toHaveBeenCalledWith({
      environment: devEnvironment.id,
      backupFirst: false,
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(operation));
  });

  it('asks the plan again with "back up first", and sends it', async () => {
    const { api, dialog } = renderDialog(
      mockStyrminApi({ upgradeEnvironment: jest.fn(async () => operation) }),
    );
    await dialog.findByRole('list', { name: 'Upgrades in order' });

    await userEvent.click(
      dialog.getByRole('checkbox', { name: /Back up first/ }),
    );
    await waitFor(() =>
      expect(api.getEnvironmentUpgradePlan).toHaveBeenLastCalledWith({
        environment: devEnvironment.id,
        backupFirst: true,
      }),
    );
    await waitFor(() =>
      expect(
        dialog.getByRole('button', { name: 'Start upgrade' }),
      ).toBeEnabled(),
    );
    await userEvent.click(
      dialog.getByRole('button', { name: 'Start upgrade' }),
    );
    expect(api.upgradeEnvironment).toHaveBeenCalledWith({
      environment: devEnvironment.id,
      backupFirst: true,
    });
  });

  it('shows every problem of the plan at once and keeps it from starting', async () => {
    const { dialog } = renderDialog(
      mockStyrminApi({
        getEnvironmentUpgradePlan: async () => ({
          ...upgradePlan,
          problems: [
            'semaphore is DEPLOYING: it is upgraded once its task ends',
            'infrahub 1.1.0 deploys >=1.6.0, which its application version 1.5.2 is outside of',
          ],
        }),
      }),
    );
    const problems = await dialog.findByRole('list', { name: 'Problems' });
    expect(within(problems).getAllByRole('listitem')).toHaveLength(2);
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'The upgrade cannot start:',
    );
    expect(
      dialog.getByRole('button', { name: 'Start upgrade' }),
    ).toBeDisabled();
  });

  it('keeps the server’s refusal in the dialog', async () => {
    const { dialog } = renderDialog(
      mockStyrminApi({
        upgradeEnvironment: async () => {
          throw new StyrminApiError({
            code: 'FORBIDDEN',
            message:
              'Upgrading an environment needs styrmin.environment.upgrade',
          });
        },
      }),
    );
    await dialog.findByRole('list', { name: 'Upgrades in order' });
    await userEvent.click(
      dialog.getByRole('button', { name: 'Start upgrade' }),
    );
    expect(
      await dialog.findByText(
        'Error: [FORBIDDEN] Upgrading an environment needs styrmin.environment.upgrade',
      ),
    ).toBeInTheDocument();
  });
});
