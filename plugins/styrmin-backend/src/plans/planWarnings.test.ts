import { DriverSpec } from '@styrmin/plugin-styrmin-common';
import { planWarnings } from './planWarnings';

const spec = {
  spec: {
    components: {
      server: { singleton: false },
      database: { singleton: true },
    },
  },
} as unknown as DriverSpec;

const change = (path: string) => ({
  path,
  kind: 'changed' as const,
  before: 1,
  after: 2,
});

describe('planWarnings', () => {
  const driver = { name: 'infrahub', version: '1.1.0' };

  it('1. warns of a downgrade, not of an upgrade', () => {
    const from = (version: string) => ({ name: 'infrahub', version });
    expect(
      planWarnings({ fromDriver: from('1.2.0'), driver, spec, diff: [] }),
    ).toEqual([expect.objectContaining({ code: 'DOWNGRADE' })]);
    expect(
      planWarnings({ fromDriver: from('1.0.0'), driver, spec, diff: [] }),
    ).toEqual([]);
  });

  it('2. warns of a singleton whose context changes, not of other components', () => {
    expect(
      planWarnings({
        driver,
        spec,
        diff: [
          change('components.database.image'),
          change('components.server.replicas'),
        ],
      }),
    ).toEqual([
      expect.objectContaining({
        code: 'SINGLETON_RESTART',
        component: 'database',
      }),
    ]);
    expect(
      planWarnings({
        driver,
        spec,
        diff: [change('components.databases.image'), change('parameters.x')],
      }),
    ).toEqual([]);
  });
});
