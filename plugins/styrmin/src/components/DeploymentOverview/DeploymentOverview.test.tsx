import { act, screen, within } from '@testing-library/react';
import {
  DeploymentComponent,
  DeploymentObservedState,
  StyrminApiError,
} from '@styrmin/sdk';
import {
  deployment,
  observedState,
} from '../../__testUtils__/deploymentFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { DeploymentOverview } from './DeploymentOverview';

const rowOf = (table: HTMLElement, first: string) =>
  within(within(table).getByRole('cell', { name: first }).closest('tr')!);

const tableTitled = (title: string) =>
  screen
    .getByRole('heading', { name: title })
    .closest('.MuiPaper-root') as HTMLElement;

/** The fixture's observed state, with the server component stopped. */
const apiWithStoppedServer = (pods: Partial<DeploymentComponent>) =>
  mockStyrminApi({
    getDeploymentObservedState: async () => ({
      ...observedState,
      components: observedState.components.map(c =>
        c.name === 'server' ? { ...c, ...pods, stopped: true } : c,
      ),
    }),
  });

describe('DeploymentOverview', () => {
  it('shows the state, the versions and the latest task with a link to it', async () => {
    renderPage(<DeploymentOverview deploymentId={deployment.id} />);

    expect(await screen.findByText('RUNNING')).toBeInTheDocument();
    expect(
      screen.getByText(/^Ready: Reconciled \(Every phase is done\), observed/),
    ).toBeInTheDocument();
    expect(screen.getByText('1.5.2')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'infrahub 1.1.0' }),
    ).toHaveAttribute('href', '/styrmin/drivers/infrahub/1.1.0');
    expect(screen.getByText('FAILED')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'upgrade_instance' }),
    ).toHaveAttribute(
      'href',
      `/styrmin/deployments/${deployment.id}/tasks?task=task-upgrade`,
    );
  });

  it('shows each component with the replicas it should run and the ready ones', async () => {
    renderPage(<DeploymentOverview deploymentId={deployment.id} />);

    await screen.findByText('RUNNING');
    const components = tableTitled('Components');
    expect(
      rowOf(components, 'server')
        .getAllByRole('cell')
        .map(cell => cell.textContent),
    ).toEqual(['server', '2', '1 of 2']);
    expect(
      rowOf(components, 'task-worker').getByText('From the chart'),
    ).toBeInTheDocument();
    expect(
      rowOf(components, 'database').getByText('0 of 0'),
    ).toBeInTheDocument();
  });

  it('shows a stopped component as Stopped, in no alarming colour, with the replicas it runs once started', async () => {
    renderPage(
      <DeploymentOverview deploymentId={deployment.id} />,
      apiWithStoppedServer({ pods: 0, readyReplicas: 0 }),
    );

    await screen.findByText('RUNNING');
    const components = tableTitled('Components');
    const server = rowOf(components, 'server');
    expect(server.getAllByRole('cell').map(cell => cell.textContent)).toEqual([
      'server',
      '2 when started',
      'Stopped',
    ]);
    const chip = server.getByText('Stopped').closest('.MuiChip-root')!;
    expect(chip).toHaveAttribute(
      'title',
      'Runs 0 pods until it is started again',
    );
    expect(chip.className).not.toMatch(/error|warning|colorSecondary/i);
    // The others run as before.
    expect(rowOf(components, 'database').queryByText('Stopped')).toBeNull();
    expect(
      rowOf(components, 'database').getByText('0 of 0'),
    ).toBeInTheDocument();
  });

  it('shows the pods of a stopped component that are still ending', async () => {
    renderPage(
      <DeploymentOverview deploymentId={deployment.id} />,
      apiWithStoppedServer({}),
    );

    await screen.findByText('RUNNING');
    expect(
      rowOf(tableTitled('Components'), 'server').getByText('1 of 2, ending'),
    ).toBeInTheDocument();
  });

  it('shows the services with their endpoints and outside URLs and the pods with their readiness, restarts and age', async () => {
    renderPage(<DeploymentOverview deploymentId={deployment.id} />);

    await screen.findByText('RUNNING');
    const [service] = observedState.services;
    expect(
      rowOf(tableTitled('Services'), 'http').getByText(`${service.host}:80`),
    ).toBeInTheDocument();
    expect(
      rowOf(tableTitled('Services'), 'http')
        .getByText('https://http-infrahub-dev.apps.example.com/')
        .closest('a'),
    ).toHaveAttribute('href', 'https://http-infrahub-dev.apps.example.com/');
    const pods = tableTitled('Pods');
    const crashing = rowOf(pods, 'infrahub-server-7c9d-fghij');
    expect(
      crashing.getByText('Not ready: CrashLoopBackOff'),
    ).toBeInTheDocument();
    expect(crashing.getByText('3')).toBeInTheDocument();
    expect(crashing.getByText('Not started')).toBeInTheDocument();
    const running = rowOf(pods, 'infrahub-server-7c9d-abcde');
    expect(running.getByText('Ready')).toBeInTheDocument();
    expect(
      running.getByText((_, element) => element?.tagName === 'TIME'),
    ).toHaveAttribute('dateTime', '2025-03-05T08:01:00.000Z');
  });

  it("says of a tombstone's services that the deployment is deleted, not that its driver declares none", async () => {
    renderPage(
      <DeploymentOverview deploymentId={deployment.id} />,
      mockStyrminApi({
        getDeploymentObservedState: async () => ({
          ...observedState,
          state: 'DELETED',
          services: [],
          pods: [],
        }),
      }),
    );

    await screen.findByText('DELETED');
    const services = tableTitled('Services');
    expect(
      within(services).getByText('No services: the deployment is deleted.'),
    ).toBeInTheDocument();
    expect(
      within(services).queryByText(/declares no services/),
    ).not.toBeInTheDocument();
  });

  it('follows the deployment without a reload', async () => {
    jest.useFakeTimers();
    try {
      let state: DeploymentObservedState = {
        ...observedState,
        state: 'DEPLOYING',
        pods: [],
      };
      const api = renderPage(
        <DeploymentOverview deploymentId={deployment.id} />,
        mockStyrminApi({ getDeploymentObservedState: async () => state }),
      );
      expect(await screen.findByText('DEPLOYING')).toBeInTheDocument();
      expect(
        screen.getByText('The agent has reported no pods of this deployment.'),
      ).toBeInTheDocument();

      state = observedState;
      // The polling fallback of useLiveRefresh, as when no signal arrives.
      await act(async () => {
        jest.advanceTimersByTime(60_000);
      });

      expect(await screen.findByText('RUNNING')).toBeInTheDocument();
      expect(
        screen.getByText('infrahub-server-7c9d-abcde'),
      ).toBeInTheDocument();
      expect(api.getDeploymentObservedState.mock.calls.length).toBeGreaterThan(
        1,
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('says when there is no such deployment', async () => {
    renderPage(<DeploymentOverview deploymentId="nope" />);

    expect(
      await screen.findByText('There is no such deployment'),
    ).toBeInTheDocument();
  });

  it('shows why it could not be read, with the error code', async () => {
    renderPage(
      <DeploymentOverview deploymentId={deployment.id} />,
      mockStyrminApi({
        getDeploymentObservedState: async () => {
          throw new StyrminApiError({
            code: 'FORBIDDEN',
            message: 'Reading deployments needs styrmin.deployment.read',
          });
        },
      }),
    );

    expect(
      await screen.findByText(
        'Error: [FORBIDDEN] Reading deployments needs styrmin.deployment.read',
      ),
    ).toBeInTheDocument();
  });
});
