import { exampleDriver } from '../__testUtils__/exampleDriver';
import { ComponentOverrides } from '../configuration/ComponentOverrides';
import { DriverSpec } from '../driver/DriverSpec';
import { validateComponentOverrides } from './validateComponentOverrides';

const INFRAHUB = exampleDriver('infrahub/1.0.0');

/** infrahub 1.0.0 with a component that declares no component container. */
const DRIVER: DriverSpec = {
  ...INFRAHUB,
  spec: {
    ...INFRAHUB.spec,
    components: {
      ...INFRAHUB.spec.components,
      metrics: { selector: { app: 'metrics' }, singleton: false },
    },
  },
};

function problemsOf(components: Record<string, ComponentOverrides>) {
  return validateComponentOverrides({
    driver: DRIVER,
    components,
    appVersion: '1.5.2',
  }).map(({ code, field, message }) => [code, field, message]);
}

describe('validateComponentOverrides', () => {
  it.each<[string, Record<string, ComponentOverrides>]>([
    ['no overrides', {}],
    [
      'every override on a component with a component container',
      {
        server: {
          env: { LOG_FORMAT: 'json', TOKEN: { secret: 's' } },
          image: 'registry.opsmill.io/opsmill/infrahub:{{ app.version }}',
          command: ['infrahub'],
          args: [],
          replicas: 3,
        },
      },
    ],
    [
      'a replica override on a component without a component container',
      { metrics: { replicas: 2 } },
    ],
    [
      'an empty env map on a component without a component container',
      { metrics: { env: {} } },
    ],
    [
      'a replica override of 1 on a singleton component',
      { database: { replicas: 1 } },
    ],
  ])('accepts %s', (_case, components) => {
    expect(problemsOf(components)).toEqual([]);
  });

  it.each<[string, Record<string, ComponentOverrides>, string, string, string]>(
    [
      [
        'an override on a component the driver version does not declare',
        { worker: { replicas: 2 } },
        'VALIDATION_FAILED',
        'components.worker',
        'infrahub 1.0.0 declares no component "worker"; it declares server, task-worker, database, metrics',
      ],
      [
        'an env var on a component without a component container',
        { metrics: { env: { A: '1' } } },
        'COMPONENT_CONTAINER_NOT_DECLARED',
        'components.metrics.env',
        'Component metrics of infrahub 1.0.0 declares no component container, so it takes no env var override',
      ],
      [
        'an image override on a component without a component container',
        { metrics: { image: 'not even checked' } },
        'COMPONENT_CONTAINER_NOT_DECLARED',
        'components.metrics.image',
        'Component metrics of infrahub 1.0.0 declares no component container, so it takes no image override',
      ],
      [
        'a command on a component without a component container',
        { metrics: { command: ['run'] } },
        'COMPONENT_CONTAINER_NOT_DECLARED',
        'components.metrics.command',
        'Component metrics of infrahub 1.0.0 declares no component container, so it takes no command override',
      ],
      [
        'args, even empty, on a component without a component container',
        { metrics: { args: [] } },
        'COMPONENT_CONTAINER_NOT_DECLARED',
        'components.metrics.args',
        'Component metrics of infrahub 1.0.0 declares no component container, so it takes no args override',
      ],
      [
        'a replica override above 1 on a singleton component',
        { database: { replicas: 2 } },
        'SINGLETON_REPLICA_OVERRIDE',
        'components.database.replicas',
        'Component database is a singleton component: it runs 1 replica, so its replica override cannot be 2',
      ],
      [
        'an image override without a tag',
        { server: { image: 'registry.opsmill.io/opsmill/infrahub' } },
        'VALIDATION_FAILED',
        'components.server.image',
        'The image override "registry.opsmill.io/opsmill/infrahub" is not a full image reference: Must have an explicit tag or digest, such as registry.example.com/team/app:{{ app.version }}',
      ],
      [
        'an image override whose tag the application version breaks',
        {
          server: {
            image: 'registry.opsmill.io/opsmill/infrahub:{{ app.version }}+x',
          },
        },
        'VALIDATION_FAILED',
        'components.server.image',
        'The image override "registry.opsmill.io/opsmill/infrahub:{{ app.version }}+x" is not a full image reference: The tag "{{ app.version }}+x" becomes "1.5.2+x" with the application version, which is not a valid tag (letters, digits, "_", "." and "-", at most 128, not starting with "." or "-")',
      ],
    ],
  )('refuses %s', (_case, components, code, field, message) => {
    expect(problemsOf(components)).toEqual([[code, field, message]]);
  });

  it('reports every problem of every component', () => {
    expect(
      problemsOf({
        metrics: { env: { A: '1' }, command: ['x'], args: ['y'] },
        database: { replicas: 3, image: 'Docker.io/x' },
        'task-worker': { replicas: 4 },
      }).map(([code, field]) => [code, field]),
    ).toEqual([
      ['COMPONENT_CONTAINER_NOT_DECLARED', 'components.metrics.env'],
      ['COMPONENT_CONTAINER_NOT_DECLARED', 'components.metrics.command'],
      ['COMPONENT_CONTAINER_NOT_DECLARED', 'components.metrics.args'],
      ['VALIDATION_FAILED', 'components.database.image'],
      ['SINGLETON_REPLICA_OVERRIDE', 'components.database.replicas'],
    ]);
  });
});
