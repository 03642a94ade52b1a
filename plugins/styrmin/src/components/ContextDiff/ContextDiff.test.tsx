import { renderInTestApp } from '@backstage/test-utils';
import { fireEvent, screen, within } from '@testing-library/react';
import { ContextDiff } from './ContextDiff';

describe('ContextDiff', () => {
  it('shows each change with its path, kind, before and after', async () => {
    await renderInTestApp(
      <ContextDiff
        changes={[
          {
            path: 'parameters.log_level',
            kind: 'CHANGED',
            before: 'INFO',
            after: 'DEBUG',
            secret: false,
          },
          {
            path: 'components.server.replicas',
            kind: 'ADDED',
            before: null,
            after: 2,
            secret: false,
          },
          {
            path: 'components.server.command',
            kind: 'REMOVED',
            before: ['serve', '--port', '80'],
            after: null,
            secret: false,
          },
        ]}
      />,
    );

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map(row => row.textContent)).toEqual([
      'parameters.log_levelChangedINFODEBUG',
      'components.server.replicasAdded—2',
      'components.server.commandRemoved["serve","--port","80"]—',
    ]);
  });

  it('never draws a secret value, whatever the change holds', async () => {
    await renderInTestApp(
      <ContextDiff
        changes={[
          {
            path: 'parameters.admin_password',
            kind: 'CHANGED',
            before: 'hunter2-old-password',
            after: 'hunter2-new-password',
            secret: true,
          },
        ]}
      />,
    );

    const [, row] = screen.getAllByRole('row');
    expect(within(row).getAllByText('secret')).toHaveLength(2);
    expect(document.body.textContent).not.toContain('hunter2');
  });

  it('says when nothing changes', async () => {
    await renderInTestApp(<ContextDiff changes={[]} />);

    expect(screen.getByText('No changes')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('breaks a path after its dots, not inside its words', async () => {
    await renderInTestApp(
      <ContextDiff
        changes={[
          {
            path: 'environment.deployments.semaphore',
            kind: 'ADDED',
            before: null,
            after: 'x',
            secret: false,
          },
        ]}
      />,
    );

    const path = screen.getByText(
      (_, element) =>
        element?.tagName === 'CODE' &&
        element.textContent === 'environment.deployments.semaphore',
    );
    expect(path.querySelectorAll('wbr')).toHaveLength(2);
    expect(path).toHaveStyle({ wordBreak: 'normal' });
  });

  it('collapses a long diff to its first changes, and shows the rest on request', async () => {
    const changes = Array.from({ length: 13 }, (_, i) => ({
      path: `parameters.p${String(i).padStart(2, '0')}`,
      kind: 'ADDED' as const,
      before: null,
      after: i,
      secret: false,
    }));
    await renderInTestApp(<ContextDiff changes={changes} />);

    expect(screen.getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.queryByText('parameters.p12')).not.toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('button', { name: 'Show 3 more changes' }),
    );
    expect(screen.getAllByRole('row')).toHaveLength(1 + 13);
    expect(
      screen.queryByRole('button', { name: /Show \d+ more/ }),
    ).not.toBeInTheDocument();
  });
});
