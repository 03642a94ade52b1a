import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyrminApiError, type TaskTree } from '@styrmin/sdk';
import {
  createTask,
  deployment,
  upgradeTree,
} from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentTasks } from './DeploymentTasks';

// The log viewer sizes itself to its box, which has no size in jsdom.
jest.mock('react-virtualized-auto-sizer', () => ({
  __esModule: true,
  default: ({
    children,
  }: {
    children: (size: { width: number; height: number }) => JSX.Element;
  }) => children({ width: 800, height: 240 }),
}));

/** How long a page may take to load on a busy machine (findBy's default is a second). */
const LOADED = { timeout: 10_000 };

/** A run_job task that succeeded, with the end of its Job's output. */
const runJobTree: TaskTree = {
  ...upgradeTree,
  id: 'task-job',
  type: 'run_job',
  result: 'SUCCEEDED',
  status: 'SUCCEEDED',
  job: {
    component: 'server',
    command: ['sh', '-c', 'infrahub db check'],
    timeoutSeconds: 600,
  },
  steps: [
    {
      ...upgradeTree.steps[0],
      id: 'step-job',
      name: 'Run the job',
      status: 'SUCCEEDED',
      startedTasks: [],
      outputTail: 'checked 12 tables\nall good\n',
    },
  ],
};

jest.setTimeout(30_000);

describe('DeploymentTasks: the selected task', () => {
  it('says what a run_job task ran and where, and shows the output of its succeeded step', async () => {
    renderPage(
      <DeploymentTasks deploymentId={deployment.id} />,
      mockStyrminApi({ getTaskTree: async () => runJobTree }),
    );

    // The command and the component are elements of their own inside the line.
    expect(
      await screen.findByText(/^Ran\s+in component\s+\(timeout/, {}, LOADED),
    ).toHaveTextContent(
      "Ran sh -c 'infrahub db check' in component server (timeout 600 s)",
    );
    const step = screen.getByRole('listitem', { name: 'Run the job' });
    const output = within(step).getByRole('region', {
      name: 'Output of Run the job',
    });
    expect(output).toHaveTextContent('checked 12 tables');
    expect(output).toHaveTextContent('all good');
  });

  it('names no job and shows no output for a task that ran none', async () => {
    renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    await screen.findByRole(
      'list',
      { name: 'Steps of upgrade_instance' },
      LOADED,
    );
    expect(screen.queryByText(/^Ran /)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: /^Output of Run the upgrade/ }),
    ).not.toBeInTheDocument();
  });

  describe('Retry', () => {
    /** The upgrade failed; its retry is a new upgrade_instance task. */
    const retried: TaskTree = {
      ...upgradeTree,
      id: 'task-retry',
      result: 'RUNNING',
      status: 'RUNNING',
    };

    it('retries a failed task and opens the new task', async () => {
      const api = mockStyrminApi({
        retryTask: async () => ({
          deployment,
          task: { ...createTask, id: 'task-retry', type: 'upgrade_instance' },
        }),
        getTaskTree: async id => (id === 'task-retry' ? retried : upgradeTree),
      });
      renderPage(<DeploymentTasks deploymentId={deployment.id} />, api);

      await userEvent.click(
        await screen.findByRole('button', { name: 'Retry' }, LOADED),
      );

      expect(api.retryTask).toHaveBeenCalledWith('task-upgrade');
      await waitFor(
        () => expect(api.getTaskTree).toHaveBeenLastCalledWith('task-retry'),
        LOADED,
      );
      // The new task is running: nothing to retry.
      await waitFor(
        () =>
          expect(
            screen.queryByRole('button', { name: 'Retry' }),
          ).not.toBeInTheDocument(),
        LOADED,
      );
    });

    it('shows why the server refused, and offers no retry for a task that did not fail', async () => {
      const api = mockStyrminApi({
        retryTask: async () => {
          throw new StyrminApiError({
            code: 'CONFLICT',
            message:
              'The deployment moved on since task task-upgrade (upgrade_instance) failed',
          });
        },
      });
      renderPage(<DeploymentTasks deploymentId={deployment.id} />, api);

      await userEvent.click(
        await screen.findByRole('button', { name: 'Retry' }, LOADED),
      );
      expect(
        await screen.findByText(
          'Error: [CONFLICT] The deployment moved on since task task-upgrade (upgrade_instance) failed',
          {},
          LOADED,
        ),
      ).toBeInTheDocument();

      const [, createLink] = within(
        screen.getByRole('list', { name: 'Tasks, newest first' }),
      ).getAllByRole('link');
      await userEvent.click(createLink);
      await screen.findByRole(
        'list',
        { name: 'Steps of create_instance' },
        LOADED,
      );
      expect(
        screen.queryByRole('button', { name: 'Retry' }),
      ).not.toBeInTheDocument();
    });

    it('is disabled, with the reason, without the permission of the task’s kind', async () => {
      renderPage(
        <DeploymentTasks deploymentId={deployment.id} />,
        mockStyrminApi(),
        { allowed: ['styrmin.deployment.read', 'styrmin.deployment.create'] },
      );

      expect(
        await screen.findByRole('button', { name: 'Retry' }, LOADED),
      ).toBeDisabled();
      expect(
        screen.getByText(
          'Retry: You lack the permission styrmin.deployment.update',
        ),
      ).toBeInTheDocument();
    });
  });
});
