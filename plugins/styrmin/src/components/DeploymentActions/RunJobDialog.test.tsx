import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeploymentTaskResult, StyrminApiError } from '@styrmin/sdk';
import { useLocation } from 'react-router-dom';
import {
  deployment,
  upgradeTask,
} from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentPage } from '../DeploymentPage';

// Dialogs typed into on a machine shared by many test runs.
jest.setTimeout(30_000);

const Location = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="Location">{pathname + search}</output>;
};

const started: DeploymentTaskResult = {
  deployment,
  task: { ...upgradeTask, id: 'task-run-job', type: 'run_job' },
};

/** The deployment page with its "Run job" dialog open, its components read. */
async function openDialog(
  api = mockStyrminApi(),
  options?: Parameters<typeof renderPage>[2],
) {
  renderPage(
    <>
      <DeploymentPage id={deployment.id} />
      <Location />
    </>,
    api,
    options,
  );
  const button = await screen.findByRole('button', { name: 'Run job' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  const dialog = within(
    screen.getByRole('dialog', { name: 'Run a job in infrahub' }),
  );
  await dialog.findByLabelText(/^Component/);
  return { api, dialog };
}

/** Types a command into the dialog, one argument per line. */
async function typeCommand(dialog: ReturnType<typeof within>, lines: string[]) {
  const field = dialog.getByLabelText(/^Command, one argument per line/);
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(lines.join('\n'));
}

const whatRuns = (dialog: ReturnType<typeof within>) =>
  dialog.getByLabelText('What will run');

describe('Run job', () => {
  it('runs the command in the chosen component, showing what runs, and opens its task', async () => {
    const runJob = jest.fn(async () => started);
    const { dialog } = await openDialog(mockStyrminApi({ runJob }));
    const run = dialog.getByRole('button', { name: 'Run' });
    expect(run).toBeDisabled();
    expect(whatRuns(dialog)).toHaveTextContent(
      'Nothing yet: type the program on the first line',
    );

    // The component without a component container has no image to run the Job in.
    await userEvent.click(dialog.getByLabelText(/^Component/));
    const options = within(await screen.findByRole('listbox'));
    expect(
      options.getByRole('option', {
        name: 'database (declares no component container)',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(options.getByRole('option', { name: 'task-worker' }));

    await typeCommand(dialog, ['sh', '-c', 'echo "$HOME" | wc -c']);
    expect(whatRuns(dialog)).toHaveTextContent(
      '["sh","-c","echo \\"$HOME\\" | wc -c"]',
    );
    const timeout = dialog.getByLabelText(/^Timeout \(seconds\)/);
    expect(timeout).toHaveValue(600);
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '120');
    await userEvent.click(run);

    expect(runJob).toHaveBeenCalledWith({
      id: deployment.id,
      component: 'task-worker',
      command: ['sh', '-c', 'echo "$HOME" | wc -c'],
      timeoutSeconds: 120,
      expectedVersion: deployment.version,
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveTextContent(
        `/styrmin/deployments/${deployment.id}/tasks?task=task-run-job`,
      ),
    );
    expect(
      await screen.findByText('Started task run_job on infrahub'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("checks the job's rules as you type", async () => {
    const { api, dialog } = await openDialog();
    const run = dialog.getByRole('button', { name: 'Run' });
    // The first component with a component container is chosen for a start.
    expect(dialog.getByLabelText(/^Component/)).toHaveTextContent('server');

    await typeCommand(dialog, Array(65).fill('x'));
    expect(
      dialog.getByText('The command has 65 arguments; at most 64 are allowed'),
    ).toBeInTheDocument();
    expect(run).toBeDisabled();
    await typeCommand(dialog, ['', 'true']);
    expect(
      dialog.getByText('Name the program to run: the command is empty'),
    ).toBeInTheDocument();
    await typeCommand(dialog, ['infrahub', 'db', 'check', '', '']);
    expect(whatRuns(dialog)).toHaveTextContent('["infrahub","db","check"]');
    expect(run).toBeEnabled();

    const timeout = dialog.getByLabelText(/^Timeout \(seconds\)/);
    await userEvent.clear(timeout);
    expect(dialog.getByText('Give the timeout in seconds')).toBeInTheDocument();
    await userEvent.type(timeout, '3601');
    expect(
      dialog.getByText(
        'The timeout must be a whole number of seconds from 1 to 3600; got 3601',
      ),
    ).toBeInTheDocument();
    expect(run).toBeDisabled();
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '3600');
    expect(run).toBeEnabled();
    expect(api.runJob).not.toHaveBeenCalled();
  });

  it('shows a refusal next to the field at fault with its code, and one of no field below the form', async () => {
    const runJob = jest
      .fn()
      .mockRejectedValueOnce(
        new StyrminApiError({
          code: 'VALIDATION_FAILED',
          message:
            'infrahub 1.1.0 declares no component "server"; its components are task-worker',
          field: 'component',
        }),
      )
      .mockRejectedValueOnce(
        new StyrminApiError({
          code: 'CONFLICT',
          message: 'The deployment changed meanwhile',
        }),
      );
    const { dialog } = await openDialog(mockStyrminApi({ runJob }));
    await typeCommand(dialog, ['true']);
    const run = dialog.getByRole('button', { name: 'Run' });
    await userEvent.click(run);

    const refusal = await dialog.findByText(
      '[VALIDATION_FAILED] infrahub 1.1.0 declares no component "server"; its components are task-worker',
    );
    expect(refusal).toHaveAttribute(
      'id',
      'styrmin-run-job-component-helper-text',
    );
    expect(dialog.queryByText(/^Error:/)).toBeNull();
    // Changing the input takes the refusal away.
    await typeCommand(dialog, ['true', '']);
    expect(dialog.queryByText(/VALIDATION_FAILED/)).toBeNull();

    await userEvent.click(run);
    expect(
      await dialog.findByText(
        'Error: [CONFLICT] The deployment changed meanwhile',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).not.toHaveTextContent('tasks');
  });

  it('is disabled, saying why, without the permission to update the deployment', async () => {
    renderPage(<DeploymentPage id={deployment.id} />, mockStyrminApi(), {
      allowed: ['styrmin.deployment.read', 'styrmin.deployment.delete'],
    });

    const button = await screen.findByRole('button', { name: 'Run job' });
    await screen.findAllByText(/You lack the permission/);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Run job: You lack the permission styrmin.deployment.update',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it.each(['DEPLOYING', 'PENDING', 'RESTORING'] as const)(
    'is disabled, saying why, while the deployment is %s',
    async state => {
      renderPage(
        <DeploymentPage id={deployment.id} />,
        mockStyrminApi({
          getDeployment: async () => ({ ...deployment, state }),
        }),
      );

      const button = await screen.findByRole('button', { name: 'Run job' });
      await waitFor(() =>
        expect(button).toHaveAccessibleDescription(
          `Run job: A job runs when the deployment is RUNNING or FAILED; it is ${state}`,
        ),
      );
      expect(button).toBeDisabled();
    },
  );

  it('is enabled for a FAILED deployment, to look into it', async () => {
    const { dialog } = await openDialog(
      mockStyrminApi({
        getDeployment: async () => ({ ...deployment, state: 'FAILED' }),
      }),
    );
    expect(dialog.getByLabelText(/^Component/)).toHaveTextContent('server');
    expect(screen.queryByText(/Run job: /, { selector: 'span' })).toBeNull();
  });
});
