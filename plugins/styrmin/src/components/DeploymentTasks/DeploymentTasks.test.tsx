import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  deployment,
  OUTPUT_TAIL,
  STEP_LINES,
  stopWorkersTree,
  tasks,
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

describe('DeploymentTasks', () => {
  it('lists the tasks newest first and opens the newest, its steps in order', async () => {
    const api = renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    const list = within(
      await screen.findByRole('list', { name: 'Tasks, newest first' }),
    );
    const items = list.getAllByRole('link');
    expect(items.map(item => item.textContent)).toEqual([
      expect.stringMatching(/^FAILEDupgrade_instance/),
      expect.stringMatching(/^SUCCEEDEDcreate_instance/),
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveAttribute('href', '/?task=task-create');

    const steps = await screen.findByRole('list', {
      name: 'Steps of upgrade_instance',
    });
    // Its own steps; the started task's are nested inside the first.
    expect(
      Array.from(steps.children).map(item => item.getAttribute('aria-label')),
    ).toEqual([
      'Run the upgrade pre-hook',
      'Run the upgrade core-hook',
      'Run the upgrade post-hook',
    ]);
    expect(api.getTaskTree).toHaveBeenCalledWith('task-upgrade');
  });

  it('gives each step its start and end to the second, and how long it took', async () => {
    const [pre, core, post] = upgradeTree.steps;
    renderPage(
      <DeploymentTasks deploymentId={deployment.id} />,
      mockStyrminApi({
        getTaskTree: async () => ({
          ...upgradeTree,
          steps: [
            {
              ...pre,
              startedAt: '2025-03-05T08:01:00.000Z',
              endedAt: '2025-03-05T08:01:42.000Z',
            },
            {
              ...core,
              startedAt: '2025-03-05T08:01:42.000Z',
              endedAt: '2025-03-05T08:04:47.000Z',
            },
            post,
          ],
        }),
      }),
    );

    const first = await screen.findByRole('listitem', {
      name: 'Run the upgrade pre-hook',
    });
    const times = within(first).getAllByRole('time', { hidden: true });
    expect(first).toHaveTextContent(/took 42 s/);
    expect(
      screen.getByRole('listitem', { name: 'Run the upgrade core-hook' }),
    ).toHaveTextContent(/took 3 min 5 s/);
    expect(
      screen.getByRole('listitem', { name: 'Run the upgrade post-hook' }),
    ).not.toHaveTextContent(/started|took/);
    expect(times[0]).toHaveAttribute('dateTime', '2025-03-05T08:01:00.000Z');
    expect(times[1].textContent).toMatch(/:42\b/);
  });

  it("shows each failed attempt's error and the end of the failed command's output", async () => {
    renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    const core = within(
      await screen.findByRole('listitem', {
        name: 'Run the upgrade core-hook',
      }),
    );
    expect(core.getByText('FAILED')).toBeInTheDocument();
    expect(core.getByText(/2 attempts/)).toBeInTheDocument();
    expect(
      core.getByText(/Attempt 1 failed .*: The agent lost its lease/),
    ).toBeInTheDocument();
    expect(
      core.getByText(/Attempt 2 failed .*: Job infrahub-job failed/),
    ).toBeInTheDocument();
    // Only the attempt that has an output tail gets a log viewer.
    expect(
      core.queryByRole('region', {
        name: 'Output of attempt 1 of Run the upgrade core-hook',
      }),
    ).toBeNull();
    const output = within(
      core.getByRole('region', {
        name: 'Output of attempt 2 of Run the upgrade core-hook',
      }),
    );
    for (const line of OUTPUT_TAIL.split('\n')) {
      expect(await output.findByText(line)).toBeInTheDocument();
    }
  });

  it('shows the lines a step carries under it, in their order, and none for a step without', async () => {
    renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    const lines = await screen.findByRole('list', {
      name: 'Lines of Run the upgrade core-hook',
    });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map(item => item.textContent),
    ).toEqual(STEP_LINES);
    expect(
      screen.queryByRole('list', { name: 'Lines of Run the upgrade pre-hook' }),
    ).toBeNull();
  });

  it('nests the task a hook step started under that step, with its own steps', async () => {
    renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    const pre = within(
      await screen.findByRole('listitem', { name: 'Run the upgrade pre-hook' }),
    );
    const started = within(
      pre.getByRole('group', {
        name: 'stop_components, started by Run the upgrade pre-hook',
      }),
    );
    // The started task's result, and its step's status.
    expect(started.getAllByText('SUCCEEDED')).toHaveLength(2);
    expect(
      started.getByRole('listitem', { name: 'Scale task-worker to 0' }),
    ).toBeInTheDocument();
    // Nested under the step, not beside it.
    expect(
      within(
        screen.getByRole('listitem', { name: 'Run the upgrade core-hook' }),
      ).queryByText('stop_components'),
    ).toBeNull();
  });

  it('lists only the tasks that no step started: a started one shows under its step', async () => {
    const api = renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    await screen.findByRole('list', { name: 'Tasks, newest first' });
    expect(api.getDeploymentTasks).toHaveBeenCalledWith(
      expect.objectContaining({ id: deployment.id, topLevel: true }),
    );
  });

  it('says why each task that its author did not start was started, and by whom', async () => {
    const [upgrade, create] = tasks.nodes;
    renderPage(
      <DeploymentTasks deploymentId={deployment.id} />,
      mockStyrminApi({
        getDeploymentTasks: async () => ({
          ...tasks,
          nodes: [
            {
              ...upgrade,
              cause: {
                kind: 'CLUSTER_SETTINGS',
                message:
                  'redeployed because cluster sandbox changed ingress_class',
                causedBy: 'user:default/grace',
                record: { type: 'cluster', id: 'c-1', name: 'sandbox' },
              },
            },
            create,
          ],
        }),
        getTaskTree: async () => ({
          ...upgradeTree,
          cause: {
            kind: 'DEPLOYMENT_CHANGE',
            message: 'redeployed because dev/semaphore was created',
            causedBy: 'user:default/grace',
            record: { type: 'deployment', id: 'd-2', name: 'dev/semaphore' },
          },
        }),
      }),
    );

    const [first, second] = within(
      await screen.findByRole('list', { name: 'Tasks, newest first' }),
    ).getAllByRole('link');
    expect(first).toHaveTextContent(
      'redeployed because cluster sandbox changed ingress_class, by user:default/grace',
    );
    // A task that its author started says nothing more.
    expect(second).not.toHaveTextContent(/because/);
    expect(
      await screen.findByText(
        'Cause: redeployed because dev/semaphore was created, by user:default/grace',
      ),
    ).toBeInTheDocument();
  });

  it('says which hook started a task that a step started', async () => {
    renderPage(
      <DeploymentTasks deploymentId={deployment.id} />,
      mockStyrminApi(),
      { route: `/?task=${stopWorkersTree.id}` },
    );

    expect(
      await screen.findByText(
        'Cause: started by the upgrade pre-hook of dev/infrahub, by user:default/ada',
      ),
    ).toBeInTheDocument();
  });

  it('opens the task that the address names', async () => {
    const api = renderPage(
      <DeploymentTasks deploymentId={deployment.id} />,
      mockStyrminApi(),
      { route: '/?task=task-create' },
    );

    expect(
      await screen.findByRole('list', { name: 'Steps of create_instance' }),
    ).toBeInTheDocument();
    expect(api.getTaskTree).toHaveBeenCalledWith('task-create');
    expect(api.getTaskTree).not.toHaveBeenCalledWith('task-upgrade');
  });

  it('moves to another task when it is chosen', async () => {
    renderPage(<DeploymentTasks deploymentId={deployment.id} />);

    await userEvent.click(
      await screen.findByRole('link', { name: /create_instance/ }),
    );

    expect(
      await screen.findByRole('list', { name: 'Steps of create_instance' }),
    ).toBeInTheDocument();
  });

  it('says when the deployment has no tasks yet', async () => {
    renderPage(
      <DeploymentTasks deploymentId={deployment.id} />,
      mockStyrminApi({
        getDeploymentTasks: async () => ({
          nodes: [],
          pageInfo: { endCursor: null, hasNextPage: false },
        }),
      }),
    );

    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
  });
});
