import { DriverSpec } from '@styrmin/plugin-styrmin-common';
import { kubernetesLabelSelector } from './kubernetesLabelSelector';

function components(
  ...selectors: Array<Record<string, string>>
): DriverSpec['spec']['components'] {
  return Object.fromEntries(
    selectors.map((selector, index) => [
      `component-${index}`,
      { selector, singleton: false },
    ]),
  );
}

describe('kubernetesLabelSelector', () => {
  it('selects on the labels that every component shares', () => {
    expect(
      kubernetesLabelSelector(
        components(
          { 'app.kubernetes.io/name': 'infrahub', tier: 'server' },
          { 'app.kubernetes.io/name': 'infrahub', tier: 'worker' },
          { tier: 'database', 'app.kubernetes.io/name': 'infrahub' },
        ),
      ),
    ).toBe('app.kubernetes.io/name=infrahub,tier in (database,server,worker)');
  });

  it("is one component's own selector", () => {
    expect(
      kubernetesLabelSelector(components({ app: 'semaphore', part: 'server' })),
    ).toBe('app=semaphore,part=server');
  });

  it('leaves out keys that some component lacks', () => {
    expect(
      kubernetesLabelSelector(
        components({ app: 'acme', role: 'web' }, { app: 'acme' }),
      ),
    ).toBe('app=acme');
  });

  it('is undefined when the components share no label key', () => {
    expect(
      kubernetesLabelSelector(components({ app: 'acme' }, { name: 'db' })),
    ).toBeUndefined();
  });
});
