import { screen, within } from '@testing-library/react';
import {
  environmentTasks,
  upgradeEnvironmentTree,
} from '../../__testUtils__/environmentOperationFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import {
  devEnvironment,
  edgeEnvironment,
} from '../../__testUtils__/recordFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { EnvironmentTasks } from './EnvironmentTasks';

describe('EnvironmentTasks', () => {
  it('lists the environment tasks and opens the newest, the deployments’ tasks it started nested under its step', async () => {
    const api = mockStyrminApi({
      getTaskTree: jest.fn(async () => upgradeEnvironmentTree),
    });
    renderPage(<EnvironmentTasks environment={devEnvironment} />, api);

    const list = within(
      await screen.findByRole('list', { name: 'Tasks, newest first' }),
    );
    expect(list.getByRole('link')).toHaveTextContent(
      /^FAILEDupgrade_environment/,
    );
    expect(api.getEnvironmentTasks).toHaveBeenCalledWith({
      id: devEnvironment.id,
      first: 20,
      after: undefined,
    });
    const step = await screen.findByRole('listitem', {
      name: 'Upgrade the deployments',
    });
    expect(api.getTaskTree).toHaveBeenCalledWith(environmentTasks.nodes[0].id);
    const linked = within(step).getByRole('group', {
      name: 'upgrade_instance, started by Upgrade the deployments',
    });
    expect(
      within(linked).getByRole('listitem', {
        name: 'Run the upgrade core-hook',
      }),
    ).toHaveTextContent('FAILED');
  });

  it('says when the environment has no environment tasks yet', async () => {
    renderPage(<EnvironmentTasks environment={edgeEnvironment} />);
    expect(
      await screen.findByText('No environment tasks in edge-lab yet'),
    ).toBeInTheDocument();
  });
});
