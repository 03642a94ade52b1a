import { exampleDriver } from '../__testUtils__/exampleDriver';
import { DeploymentConfiguration } from '../configuration/DeploymentConfiguration';
import { GlobalContext } from '../context/GlobalContext';
import { resolveContext } from '../context/resolveContext';
import { ContextChange, SECRET_MASK } from './ContextChange';
import { diffContexts } from './diffContexts';
import { isSameInstance } from './isSameInstance';

const INFRAHUB_1_0 = exampleDriver('infrahub/1.0.0');
const INFRAHUB_1_1 = exampleDriver('infrahub/1.1.0');

const BASE = {
  app_version: '1.5.2',
  parameters: { admin_password: 'correct horse battery' },
};

function context(
  configuration: Partial<DeploymentConfiguration> = {},
  driver = INFRAHUB_1_0,
): GlobalContext {
  return resolveContext({
    driver,
    cluster: { name: 'local', settings: { storage_class: 'standard' } },
    environment: { name: 'dev', overrides: {}, deployments: [] },
    deployment: {
      id: 'd1',
      name: 'infrahub',
      configuration: DeploymentConfiguration.parse({
        ...BASE,
        ...configuration,
      }),
    },
  });
}

/** A context as a store might give it back: every object's keys in reverse order. */
function reordered<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map(reordered) as T;
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, inner]) => [key, reordered(inner)]),
    ) as T;
  }
  return value;
}

describe('diffContexts', () => {
  it('finds no change between equal contexts, whatever their key order', () => {
    expect(diffContexts(context(), context())).toEqual([]);
    expect(diffContexts(reordered(context()), context())).toEqual([]);
  });

  it.each<[string, Partial<DeploymentConfiguration>, ContextChange[]]>([
    [
      'a changed value',
      { parameters: { ...BASE.parameters, log_level: 'DEBUG' } },
      [
        {
          path: 'parameters.log_level',
          kind: 'changed',
          before: 'INFO',
          after: 'DEBUG',
        },
      ],
    ],
    [
      'a value set to its default changes nothing',
      { parameters: { ...BASE.parameters, log_level: 'INFO' } },
      [],
    ],
    [
      'an added value',
      { components: { server: { replicas: 3 } } },
      [{ path: 'components.server.replicas', kind: 'added', after: 3 }],
    ],
    [
      'an added object, value by value',
      { components: { server: { env: { A: '1', B: '2' } } } },
      [
        { path: 'components.server.env.A', kind: 'added', after: '1' },
        { path: 'components.server.env.B', kind: 'added', after: '2' },
      ],
    ],
    [
      'a list is one value',
      { components: { server: { command: ['infrahub', 'serve'] } } },
      [
        {
          path: 'components.server.command',
          kind: 'added',
          after: ['infrahub', 'serve'],
        },
      ],
    ],
    [
      'an empty list is a value',
      { components: { server: { args: [] } } },
      [{ path: 'components.server.args', kind: 'added', after: [] }],
    ],
    [
      'a changed secret parameter, masked',
      { parameters: { admin_password: 'another long password' } },
      [
        {
          path: 'parameters.admin_password',
          kind: 'changed',
          before: SECRET_MASK,
          after: SECRET_MASK,
          secret: true,
        },
      ],
    ],
    [
      'an added secret env var, masked, beside a plain one',
      {
        components: {
          'task-worker': { env: { TOKEN: { secret: 's3cr3t' }, MODE: 'fast' } },
        },
      },
      [
        {
          path: 'components.task-worker.env.MODE',
          kind: 'added',
          after: 'fast',
        },
        {
          path: 'components.task-worker.env.TOKEN',
          kind: 'added',
          after: SECRET_MASK,
          secret: true,
        },
        {
          path: 'secret_paths',
          kind: 'changed',
          before: ['parameters.admin_password'],
          after: [
            'components.task-worker.env.TOKEN',
            'parameters.admin_password',
          ],
        },
      ],
    ],
  ])('reports %s', (_case, configuration, changes) => {
    expect(diffContexts(context(), context(configuration))).toEqual(changes);
  });

  it('reports a removed value, and keeps masking a value that was secret', () => {
    const active = context({
      components: { server: { env: { TOKEN: { secret: 's3cr3t' } } } },
    });
    const desired = context({
      components: { server: { env: { TOKEN: 'now-plain' } } },
    });
    expect(diffContexts(active, desired)).toEqual([
      {
        path: 'components.server.env.TOKEN',
        kind: 'changed',
        before: SECRET_MASK,
        after: SECRET_MASK,
        secret: true,
      },
      {
        path: 'secret_paths',
        kind: 'changed',
        before: ['components.server.env.TOKEN', 'parameters.admin_password'],
        after: ['parameters.admin_password'],
      },
    ]);
    expect(diffContexts(desired, context())).toEqual([
      {
        path: 'components.server.env.TOKEN',
        kind: 'removed',
        before: 'now-plain',
      },
    ]);
  });

  it('lists the upgrade from infrahub 1.0.0 to 1.1.0, in the order of the paths', () => {
    expect(diffContexts(context(), context({}, INFRAHUB_1_1))).toEqual([
      { path: 'components.task-worker.replicas', kind: 'added', after: 2 },
      {
        path: 'driver.version',
        kind: 'changed',
        before: '1.0.0',
        after: '1.1.0',
      },
      { path: 'parameters.allow_anonymous_access', kind: 'added', after: true },
      { path: 'parameters.task_worker_replicas', kind: 'removed', before: 2 },
    ]);
  });

  it('lists every value of a first instance as added, secrets masked', () => {
    const changes = diffContexts(undefined, context());
    expect(changes.every(change => change.kind === 'added')).toBe(true);
    expect(changes).toContainEqual({
      path: 'parameters.admin_password',
      kind: 'added',
      after: SECRET_MASK,
      secret: true,
    });
    expect(changes).toContainEqual({
      path: 'components.server',
      kind: 'added',
      after: {},
    });
    expect(changes.map(change => change.path)).toEqual(
      [...changes.map(change => change.path)].sort(),
    );
    expect(JSON.stringify(changes)).not.toContain('correct horse battery');
  });

  it('masks secrets inside a value whose type changed, and under a secret object', () => {
    const active = {
      ...context(),
      extra_section: { nested: { token: 'a' } },
      secret_paths: ['extra_section.nested.token', 'whole'],
      whole: { a: 1 },
    } as unknown as GlobalContext;
    const desired = {
      ...active,
      extra_section: 'gone',
      whole: { a: 2 },
    } as unknown as GlobalContext;
    expect(diffContexts(active, desired)).toEqual([
      {
        path: 'extra_section',
        kind: 'changed',
        before: { nested: { token: SECRET_MASK } },
        after: 'gone',
      },
      {
        path: 'whole.a',
        kind: 'changed',
        before: SECRET_MASK,
        after: SECRET_MASK,
        secret: true,
      },
    ]);
  });
});

describe('isSameInstance', () => {
  it.each<[string, GlobalContext, GlobalContext, boolean]>([
    ['the same context', context(), context(), true],
    [
      'the same context stored in another key order',
      reordered(context()),
      context(),
      true,
    ],
    [
      'another replica count',
      context(),
      context({ components: { server: { replicas: 2 } } }),
      false,
    ],
    [
      'another secret',
      context(),
      context({ parameters: { admin_password: 'xxxxxxxxxxxxxxxx' } }),
      false,
    ],
  ])('%s: %s', (_case, active, desired, same) => {
    expect(isSameInstance({ context: active }, { context: desired })).toBe(
      same,
    );
  });
});
