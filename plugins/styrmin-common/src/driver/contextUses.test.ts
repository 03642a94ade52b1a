import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLE_DRIVERS, exampleDriver } from '../__testUtils__/exampleDriver';
import {
  driverVersionUses,
  pickUsed,
  valuesTemplateUses,
  WHOLE_CONTEXT,
} from './contextUses';

describe('valuesTemplateUses', () => {
  it.each([
    [
      'a plain lookup',
      '{{ cluster.ingress_class }}',
      [['cluster', 'ingress_class']],
    ],
    [
      'a lookup through filters',
      '{{ cluster.storage_class | default("") | dump }}',
      [['cluster', 'storage_class']],
    ],
    [
      'a filter argument',
      '{{ x | default(cluster.base_domain) }}',
      [['cluster', 'base_domain'], ['x']],
    ],
    [
      'a quoted key',
      '{{ cluster.extra["my-key"].a }}',
      [['cluster', 'extra', 'my-key', 'a']],
    ],
    [
      'both branches of an if, and its test',
      '{% if cluster.ingress_class %}{{ cluster.base_domain }}{% else %}{{ app.version }}{% endif %}',
      [
        ['app', 'version'],
        ['cluster', 'base_domain'],
        ['cluster', 'ingress_class'],
      ],
    ],
    [
      'what a loop runs over, whole',
      '{% for name, class in cluster.storage_classes %}{{ name }}{{ class }}{% endfor %}',
      [['class'], ['cluster', 'storage_classes'], ['name']],
    ],
    [
      'a dynamic lookup: the whole value it looks into, and its key',
      '{{ cluster[parameters.key] }}',
      [['cluster'], ['parameters', 'key']],
    ],
    [
      'a dynamic lookup deeper down',
      '{% set i = environment.deployments[parameters.infrahub].services.http.url %}{{ i }}',
      [['environment', 'deployments'], ['i'], ['parameters', 'infrahub']],
    ],
    [
      'a method call: the whole object',
      '{% for k, v in cluster.extra.items() %}{{ k }}{% endfor %}',
      [['cluster', 'extra'], ['k'], ['v']],
    ],
    ['a whole section', '{{ cluster | dump }}', [['cluster']]],
    [
      'paths covered by another once',
      '{{ cluster.extra.a }}{{ cluster.extra | dump }}{{ cluster.extra.b }}',
      [['cluster', 'extra']],
    ],
    ['text only', 'replicas: 1', []],
    ['an include', '{% include "other.njk" %}', WHOLE_CONTEXT],
    ['an import', '{% import "m.njk" as m %}', WHOLE_CONTEXT],
    ['a template that does not parse', '{{ cluster.', WHOLE_CONTEXT],
  ])('%s', (_, template, uses) => {
    expect(valuesTemplateUses(template)).toEqual(uses);
  });
});

describe('driverVersionUses', () => {
  const spec = (actions: object[], services: object[] = []) =>
    ({ actions, services } as unknown as Parameters<
      typeof driverVersionUses
    >[0]);

  it('adds what each action declares', () => {
    expect(
      driverVersionUses(
        spec([{ uses: ['cluster.base_domain'] }, { uses: [] }]),
        '{{ cluster.ingress_class }}',
      ),
    ).toEqual([
      ['cluster', 'base_domain'],
      ['cluster', 'ingress_class'],
    ]);
  });

  it('adds the ingress settings when a service is exposed, and only then', () => {
    const service = { name: 'http', component: 'server', port: 80 };
    expect(
      driverVersionUses(
        spec([], [service, { ...service, name: 'ui', expose: {} }]),
        '{{ app.version }}',
      ),
    ).toEqual([
      ['app', 'version'],
      ['cluster', 'base_domain'],
      ['cluster', 'ingress_class'],
      ['cluster', 'ingress_cluster_issuer'],
      ['cluster', 'ingress_tls_secret'],
    ]);
    expect(driverVersionUses(spec([], [service]), '{{ app.version }}')).toEqual(
      [['app', 'version']],
    );
  });

  it('takes the whole context for an action that declares nothing', () => {
    expect(
      driverVersionUses(
        spec([{ uses: [] }, {}]),
        '{{ cluster.ingress_class }}',
      ),
    ).toEqual(WHOLE_CONTEXT);
  });

  it('finds what the example drivers use', () => {
    const uses = (driverVersion: string) => {
      const { spec: driverSpec } = exampleDriver(driverVersion);
      return driverVersionUses(
        driverSpec,
        fs.readFileSync(
          path.join(
            EXAMPLE_DRIVERS,
            driverVersion,
            driverSpec.helm.main.values_template,
          ),
          'utf8',
        ),
      );
    };
    const infrahubReads = [
      ['app', 'version'],
      ['cluster', 'storage_class'],
      ['deployment', 'name'],
    ];
    expect(uses('infrahub/1.0.0')).toEqual(
      expect.arrayContaining(infrahubReads),
    );
    expect(
      uses('infrahub/1.0.0').filter(([root]) => root === 'cluster'),
    ).toEqual([
      // Its http service is exposed: the operator makes its Ingress from these.
      ['cluster', 'base_domain'],
      ['cluster', 'ingress_class'],
      ['cluster', 'ingress_cluster_issuer'],
      ['cluster', 'ingress_tls_secret'],
      ['cluster', 'storage_class'],
      ['cluster', 'storage_classes', 'database'],
    ]);
    expect(uses('semaphore/1.0.0')).toEqual(
      expect.arrayContaining([
        ['cluster', 'storage_class'],
        ['environment', 'deployments'],
        ['parameters', 'infrahub_deployment'],
      ]),
    );
  });
});

describe('pickUsed', () => {
  const cluster = {
    name: 'local',
    ingress_class: 'nginx',
    extra: { a: 1, b: { c: 2, d: 3 } },
  };

  it.each([
    ['everything', [['cluster']], cluster],
    ['one key', [['cluster', 'ingress_class']], { ingress_class: 'nginx' }],
    [
      'keys deep down',
      [['cluster', 'extra', 'b', 'c']],
      { extra: { b: { c: 2 } } },
    ],
    ['a key it does not have', [['cluster', 'base_domain']], {}],
    [
      'below a value that is not an object',
      [['cluster', 'name', 'length']],
      { name: 'local' },
    ],
    ['nothing', [['app']], undefined],
    ['the whole context', WHOLE_CONTEXT, cluster],
  ])('%s', (_, uses, picked) => {
    expect(pickUsed(uses, ['cluster'], cluster)).toEqual(picked);
  });
});
