import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
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
});
