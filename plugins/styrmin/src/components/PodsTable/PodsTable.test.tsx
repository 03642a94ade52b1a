import { screen, within } from '@testing-library/react';
import type { PodStatus } from '@styrmin/sdk';
import { renderInTestApp } from '@backstage/test-utils';
import { PodsTable } from './PodsTable';

const pod = (overrides: Partial<PodStatus>): PodStatus => ({
  name: 'infrahub-server-1',
  phase: 'Running',
  ready: true,
  restarts: 0,
  startedAt: '2025-03-05T08:00:00.000Z',
  component: 'server',
  reason: null,
  observedAt: '2025-03-05T08:05:00.000Z',
  ...overrides,
});

const rowOf = (name: string) =>
  within(screen.getByRole('cell', { name }).closest('tr')!);

describe('PodsTable', () => {
  it("reads a Job's pod that ran to its end as Completed, and as no component's", async () => {
    await renderInTestApp(
      <PodsTable
        now={new Date('2025-03-05T08:10:00.000Z')}
        pods={[
          pod({ name: 'infrahub-server-1' }),
          pod({
            name: 'infrahub-job-x7k2p',
            phase: 'Succeeded',
            ready: false,
            component: null,
            reason: 'Completed',
          }),
        ]}
      />,
    );

    const job = rowOf('infrahub-job-x7k2p');
    expect(job.getByText('Completed')).toBeInTheDocument();
    expect(job.queryByText(/Not ready/)).not.toBeInTheDocument();
    expect(job.getByText('Not a component')).toBeInTheDocument();
    expect(rowOf('infrahub-server-1').getByText('Ready')).toBeInTheDocument();
    expect(rowOf('infrahub-server-1').getByText('10m')).toBeInTheDocument();
  });

  it('says why a pod is not ready, and that a failed one failed', async () => {
    await renderInTestApp(
      <PodsTable
        pods={[
          pod({
            name: 'crashing',
            phase: 'Pending',
            ready: false,
            reason: 'CrashLoopBackOff',
          }),
          pod({ name: 'starting', phase: 'Pending', ready: false }),
          pod({
            name: 'failed',
            phase: 'Failed',
            ready: false,
            reason: 'Error',
          }),
        ]}
      />,
    );

    expect(
      rowOf('crashing').getByText('Not ready: CrashLoopBackOff'),
    ).toBeInTheDocument();
    expect(rowOf('starting').getByText('Not ready')).toBeInTheDocument();
    expect(rowOf('failed').getByText('Failed: Error')).toBeInTheDocument();
  });
});
