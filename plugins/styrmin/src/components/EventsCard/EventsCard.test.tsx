import { screen, within } from '@testing-library/react';
import { renderInTestApp } from '@backstage/test-utils';
import { StyrminApiError } from '@styrmin/sdk';
import { kubernetesEvents } from '../../__testUtils__/eventFixtures';
import { mockStyrminApi } from '../../__testUtils__/fixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import { EventsCard } from './EventsCard';
import { EventsTable } from './EventsTable';

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (reason: string) =>
  within(screen.getByRole('cell', { name: reason }).closest('tr')!);

describe('EventsTable', () => {
  it('lists each Event as kubectl get events does, in the order given (newest first)', async () => {
    await renderInTestApp(
      <EventsTable
        events={kubernetesEvents}
        now={new Date('2025-03-05T08:10:00.000Z')}
      />,
    );
    expect(
      rows().map(row => within(row).getAllByRole('cell')[1].textContent),
    ).toEqual(['BackOff', 'Reconciled', 'ScalingReplicaSet']);

    const reconciled = rowOf('Reconciled');
    expect(reconciled.getByText('ConfigMap/styrmin-deployment')).toBeVisible();
    expect(
      reconciled.getByText('for StyrminDeployment/3b8d2c41'),
    ).toBeVisible();
    expect(reconciled.getByText('Instance 1f2e is deployed')).toBeVisible();
    expect(reconciled.getByText('3m ago')).toHaveAttribute(
      'datetime',
      '2025-03-05T08:07:00.000Z',
    );
    expect(rowOf('ScalingReplicaSet').getByText('10m ago')).toBeVisible();
  });

  it('marks a Warning and tints its row; a Normal stays plain', async () => {
    await renderInTestApp(
      <EventsTable
        events={kubernetesEvents}
        now={new Date('2025-03-05T08:10:00.000Z')}
      />,
    );
    const warning = rowOf('BackOff');
    expect(warning.getByLabelText('Status warning')).toHaveTextContent(
      'Warning',
    );
    expect(warning.getByRole('cell', { name: '4' })).toBeVisible();
    const tint = (reason: string) =>
      screen.getByRole('cell', { name: reason }).closest('tr')!.style
        .backgroundColor;
    expect(tint('BackOff')).not.toBe('');
    expect(tint('Reconciled')).toBe('');
    expect(rowOf('Reconciled').getByLabelText('Status ok')).toHaveTextContent(
      'Normal',
    );
  });

  it('says so when the namespace has no Events', async () => {
    await renderInTestApp(<EventsTable events={[]} />);
    expect(
      screen.getByText(/No Events in the deployment's namespace/),
    ).toBeVisible();
  });
});

describe('EventsCard', () => {
  it("reads the deployment's Events from the API", async () => {
    const api = renderPage(<EventsCard deploymentId="3b8d2c41" />);
    expect(await screen.findByText('ScalingReplicaSet')).toBeVisible();
    expect(api.getDeploymentEvents).toHaveBeenCalledWith('3b8d2c41');
  });

  it('shows why the Events could not be read (UNAVAILABLE)', async () => {
    renderPage(
      <EventsCard deploymentId="3b8d2c41" />,
      mockStyrminApi({
        getDeploymentEvents: async () => {
          throw new StyrminApiError({
            message:
              "Backstage's Kubernetes plugin cannot be reached at http://localhost:7007/api/kubernetes",
            code: 'UNAVAILABLE',
          });
        },
      }),
    );
    expect(
      await screen.findByText(
        /\[UNAVAILABLE\] Backstage's Kubernetes plugin cannot be reached/,
      ),
    ).toBeVisible();
  });

  it('says when there is no such deployment', async () => {
    renderPage(
      <EventsCard deploymentId="nope" />,
      mockStyrminApi({ getDeploymentEvents: async () => undefined }),
    );
    expect(await screen.findByText('No such deployment')).toBeVisible();
  });
});
