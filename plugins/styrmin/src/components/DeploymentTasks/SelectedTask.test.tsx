import { screen, within } from '@testing-library/react';
import type { TaskTree } from '@styrmin/sdk';
import {
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

describe('DeploymentTasks: the selected task', () => {
  it('says what a run_job task ran and where, and shows the output of its succeeded step', async () => {
    renderPage(
      <DeploymentTasks deploymentId={deployment.id} />,
      mockStyrminApi({ getTaskTree: async () => runJobTree }),
    );

    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            "Ran sh -c 'infrahub db check' in component server (timeout 600 s)",
      ),
    ).toBeInTheDocument();
    const step = screen.getByRole('listitem', { name: 'Run the job' });
    const output = within(step).getByRole('region', {
      name: 'Output of Run the job',
    });
    expect(output).toHaveTextContent('checked 12 tables');
    expect(output).toHaveTextContent('all good');
  });

  it('names no job and shows no output for a task that ran none', async () => {
    renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    await screen.findByRole('list', { name: 'Steps of upgrade_instance' });
    expect(screen.queryByText(/^Ran /)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: /^Output of Run the upgrade/ }),
    ).not.toBeInTheDocument();
  });
});
