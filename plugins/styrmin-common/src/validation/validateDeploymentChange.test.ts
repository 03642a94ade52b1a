import { exampleDriver } from '../__testUtils__/exampleDriver';
import { CONFIGURATION_LIMITS } from '../configuration/configurationFields';
import { DriverSpec } from '../driver/DriverSpec';
import { validateDeploymentChange } from './validateDeploymentChange';

const INFRAHUB_1_0 = exampleDriver('infrahub/1.0.0');
const INFRAHUB_1_1 = exampleDriver('infrahub/1.1.0');

/** infrahub 1.1.0 without saying what replaces task_worker_replicas. */
const INFRAHUB_1_1_UNREPLACED: DriverSpec = {
  ...INFRAHUB_1_1,
  spec: { ...INFRAHUB_1_1.spec, retired_parameters: undefined },
};

/** infrahub 1.1.0 giving task_worker_replicas to its singleton database. */
const INFRAHUB_1_1_TO_SINGLETON: DriverSpec = {
  ...INFRAHUB_1_1,
  spec: {
    ...INFRAHUB_1_1.spec,
    retired_parameters: {
      task_worker_replicas: { replaced_by: { replica_override: 'database' } },
    },
  },
};

const VALID = {
  app_version: '1.5.2',
  parameters: { admin_password: 'correct horse battery' },
};

/** The code and field of each problem of creating an infrahub 1.0.0 deployment so configured. */
function problemsOf(configuration: unknown) {
  const result = validateDeploymentChange({
    driver: INFRAHUB_1_0,
    configuration,
  });
  return result.success
    ? []
    : result.problems.map(({ code, field }) => [code, field]);
}

describe('validateDeploymentChange', () => {
  it('accepts a valid configuration and returns it to store, with its maps filled in', () => {
    expect(
      validateDeploymentChange({
        driver: INFRAHUB_1_0,
        configuration: { app_version: '1.5.2', parameters: VALID.parameters },
      }),
    ).toEqual({
      success: true,
      configuration: { ...VALID, components: {} },
      droppedParameters: [],
      carriedOverParameters: [],
      prompts: {},
    });
  });

  it.each<[string, unknown, string, string]>([
    // The glossary's codes
    [
      'a replica override above 1 on a singleton',
      { ...VALID, components: { database: { replicas: 2 } } },
      'SINGLETON_REPLICA_OVERRIDE',
      'components.database.replicas',
    ],
    // Replica overrides: a whole number of 1 or more
    [
      'a replica override of 0',
      { ...VALID, components: { server: { replicas: 0 } } },
      'VALIDATION_FAILED',
      'components.server.replicas',
    ],
    [
      'a negative replica override',
      { ...VALID, components: { server: { replicas: -1 } } },
      'VALIDATION_FAILED',
      'components.server.replicas',
    ],
    [
      'a fractional replica override',
      { ...VALID, components: { server: { replicas: 1.5 } } },
      'VALIDATION_FAILED',
      'components.server.replicas',
    ],
    [
      'a replica override given as text',
      { ...VALID, components: { server: { replicas: '2' } } },
      'VALIDATION_FAILED',
      'components.server.replicas',
    ],
    [
      'a replica override beyond int32',
      { ...VALID, components: { server: { replicas: 2 ** 31 } } },
      'VALIDATION_FAILED',
      'components.server.replicas',
    ],
    [
      'a fractional replica override on a singleton',
      { ...VALID, components: { database: { replicas: 1.5 } } },
      'VALIDATION_FAILED',
      'components.database.replicas',
    ],
    // Component overrides
    [
      'an unknown component',
      { ...VALID, components: { worker: { replicas: 2 } } },
      'VALIDATION_FAILED',
      'components.worker',
    ],
    [
      'an image override without a registry',
      { ...VALID, components: { server: { image: 'opsmill/infrahub:1.5.2' } } },
      'VALIDATION_FAILED',
      'components.server.image',
    ],
    [
      'an env var name with "="',
      { ...VALID, components: { server: { env: { 'A=B': '1' } } } },
      'VALIDATION_FAILED',
      'components.server.env["A=B"]',
    ],
    [
      'an env var that is a number',
      { ...VALID, components: { server: { env: { A: 1 } } } },
      'VALIDATION_FAILED',
      'components.server.env.A',
    ],
    [
      'a secret env var marked wrongly',
      { ...VALID, components: { server: { env: { A: { secret: true } } } } },
      'VALIDATION_FAILED',
      'components.server.env.A',
    ],
    [
      'an empty command',
      { ...VALID, components: { server: { command: [] } } },
      'VALIDATION_FAILED',
      'components.server.command',
    ],
    [
      'args that are not text',
      { ...VALID, components: { server: { args: [1] } } },
      'VALIDATION_FAILED',
      'components.server.args[0]',
    ],
    [
      'an unknown override',
      { ...VALID, components: { server: { memory: '1Gi' } } },
      'VALIDATION_FAILED',
      'components.server.memory',
    ],
    // Parameters
    [
      'an unknown parameter',
      { ...VALID, parameters: { ...VALID.parameters, colour: 'red' } },
      'VALIDATION_FAILED',
      'parameters.colour',
    ],
    [
      'a missing required parameter',
      { ...VALID, parameters: {} },
      'VALIDATION_FAILED',
      'parameters.admin_password',
    ],
    [
      'a parameter out of bounds',
      {
        ...VALID,
        parameters: { ...VALID.parameters, task_worker_replicas: 17 },
      },
      'VALIDATION_FAILED',
      'parameters.task_worker_replicas',
    ],
    [
      'a parameter that is an object',
      {
        ...VALID,
        parameters: { ...VALID.parameters, log_level: { level: 'INFO' } },
      },
      'VALIDATION_FAILED',
      'parameters.log_level',
    ],
    [
      'a parameter that is null',
      { ...VALID, parameters: { ...VALID.parameters, log_level: null } },
      'VALIDATION_FAILED',
      'parameters.log_level',
    ],
    // The application version
    [
      'an application version outside supported_versions',
      { ...VALID, app_version: '1.6.0' },
      'VALIDATION_FAILED',
      'app_version',
    ],
    [
      'an application version that is not semver',
      { ...VALID, app_version: 'v1.5' },
      'VALIDATION_FAILED',
      'app_version',
    ],
    [
      'no application version',
      { parameters: VALID.parameters },
      'VALIDATION_FAILED',
      'app_version',
    ],
    // The whole
    [
      'an unknown field',
      { ...VALID, driver_version: '1.1.0' },
      'VALIDATION_FAILED',
      'driver_version',
    ],
    [
      'a configuration that is not an object',
      'infrahub',
      'VALIDATION_FAILED',
      '',
    ],
    [
      'parameters that are not a map',
      { ...VALID, parameters: ['admin_password'] },
      'VALIDATION_FAILED',
      'parameters',
    ],
  ])('refuses %s', (_case, configuration, code, field) => {
    expect(problemsOf(configuration)).toEqual([[code, field]]);
  });

  it.each<[string, unknown, string]>([
    [
      'too many env vars',
      {
        server: {
          env: Object.fromEntries(
            Array.from({ length: CONFIGURATION_LIMITS.envVars + 1 }, (_, i) => [
              `V${i}`,
              'x',
            ]),
          ),
        },
      },
      'components.server.env',
    ],
    [
      'an env var value too long',
      {
        server: {
          env: { A: 'x'.repeat(CONFIGURATION_LIMITS.envVarValueLength + 1) },
        },
      },
      'components.server.env.A',
    ],
    [
      'an image override too long',
      {
        server: {
          image: `registry.io/a:${'x'.repeat(
            CONFIGURATION_LIMITS.imageLength,
          )}`,
        },
      },
      'components.server.image',
    ],
    [
      'too many command entries',
      {
        server: {
          command: Array(CONFIGURATION_LIMITS.listItems + 1).fill('x'),
        },
      },
      'components.server.command',
    ],
    [
      'a command entry too long',
      {
        server: {
          command: ['x'.repeat(CONFIGURATION_LIMITS.listItemLength + 1)],
        },
      },
      'components.server.command[0]',
    ],
  ])('bounds the size: refuses %s', (_case, components, field) => {
    expect(problemsOf({ ...VALID, components })).toEqual([
      ['VALIDATION_FAILED', field],
    ]);
  });

  it('collects every problem, in the order of their fields', () => {
    const result = validateDeploymentChange({
      driver: INFRAHUB_1_0,
      configuration: {
        app_version: '2.0.0',
        parameters: { log_level: 'TRACE', colour: 'red' },
        components: {
          database: { replicas: 3 },
          server: { replicas: 0, image: 'infrahub' },
          worker: {},
        },
        extra: true,
      },
    });
    expect(result).toEqual({
      success: false,
      problems: [
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          field: 'app_version',
        }),
        expect.objectContaining({
          code: 'SINGLETON_REPLICA_OVERRIDE',
          field: 'components.database.replicas',
        }),
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          field: 'components.server.replicas',
        }),
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          field: 'components.worker',
        }),
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          field: 'extra',
          message: 'Unknown field "extra"',
        }),
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          field: 'parameters.admin_password',
        }),
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          field: 'parameters.colour',
        }),
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          field: 'parameters.log_level',
        }),
      ],
    });
  });

  it('does not check the rules again where the shape is already wrong', () => {
    // The malformed image and admin_password would break rules too; each is reported once.
    expect(
      problemsOf({
        app_version: '1.5.2',
        parameters: { admin_password: { value: 'x' } },
        components: { server: { image: 7, replicas: 3 } },
      }),
    ).toEqual([
      ['VALIDATION_FAILED', 'components.server.image'],
      ['VALIDATION_FAILED', 'parameters.admin_password'],
    ]);
  });

  describe('the retired-parameter rule, upgrading infrahub 1.0.0 to 1.1.0', () => {
    // A 1.1.0 that names no replacement, as the rule stands without one.
    const upgrade = (parameters: Record<string, unknown>) =>
      validateDeploymentChange({
        currentDriver: INFRAHUB_1_0,
        driver: INFRAHUB_1_1_UNREPLACED,
        configuration: { app_version: '1.5.2', parameters },
      });

    it('drops task_worker_replicas at its 1.0.0 default (2), and says so', () => {
      expect(upgrade({ ...VALID.parameters, task_worker_replicas: 2 })).toEqual(
        {
          success: true,
          configuration: { ...VALID, components: {} },
          droppedParameters: ['task_worker_replicas'],
          carriedOverParameters: [],
          prompts: {},
        },
      );
    });

    it('refuses task_worker_replicas at another value with RETIRED_PARAMETER_VALUE', () => {
      expect(upgrade({ ...VALID.parameters, task_worker_replicas: 4 })).toEqual(
        {
          success: false,
          problems: [
            expect.objectContaining({
              code: 'RETIRED_PARAMETER_VALUE',
              field: 'parameters.task_worker_replicas',
            }),
          ],
        },
      );
    });

    it('reports the retired value with the other problems of the upgrade', () => {
      const result = upgrade({
        task_worker_replicas: 4,
        allow_anonymous_access: 'yes',
      });
      expect(
        !result.success && result.problems.map(p => [p.code, p.field]),
      ).toEqual([
        ['VALIDATION_FAILED', 'parameters.admin_password'],
        ['VALIDATION_FAILED', 'parameters.allow_anonymous_access'],
        ['RETIRED_PARAMETER_VALUE', 'parameters.task_worker_replicas'],
      ]);
    });

    it('refuses the parameter as unknown when creating a 1.1.0 deployment', () => {
      const result = validateDeploymentChange({
        driver: INFRAHUB_1_1,
        configuration: {
          ...VALID,
          parameters: { ...VALID.parameters, task_worker_replicas: 2 },
        },
      });
      expect(!result.success && result.problems).toEqual([
        {
          code: 'VALIDATION_FAILED',
          field: 'parameters.task_worker_replicas',
          message:
            'infrahub 1.1.0 declares no parameter "task_worker_replicas"',
        },
      ]);
    });

    it('keeps the parameter on an edit that stays on 1.0.0', () => {
      expect(
        validateDeploymentChange({
          currentDriver: INFRAHUB_1_0,
          driver: INFRAHUB_1_0,
          configuration: {
            ...VALID,
            parameters: { ...VALID.parameters, task_worker_replicas: 4 },
          },
        }),
      ).toMatchObject({
        success: true,
        configuration: { parameters: { task_worker_replicas: 4 } },
        droppedParameters: [],
      });
    });
  });

  describe('carrying a retired value over to its replacement (1.1.0: task_worker_replicas to the task-worker replica override)', () => {
    it('stores the value as the replica override, and says so', () => {
      expect(
        validateDeploymentChange({
          currentDriver: INFRAHUB_1_0,
          driver: INFRAHUB_1_1,
          configuration: {
            ...VALID,
            parameters: { ...VALID.parameters, task_worker_replicas: 4 },
          },
        }),
      ).toEqual({
        success: true,
        configuration: {
          ...VALID,
          components: { 'task-worker': { replicas: 4 } },
        },
        droppedParameters: [],
        carriedOverParameters: [
          {
            parameter: 'task_worker_replicas',
            field: 'components.task-worker.replicas',
            value: 4,
          },
        ],
        prompts: {},
      });
    });

    it('checks the carried value by the replica-override rules (a singleton takes 1 at most)', () => {
      const result = validateDeploymentChange({
        currentDriver: INFRAHUB_1_0,
        driver: INFRAHUB_1_1_TO_SINGLETON,
        configuration: {
          ...VALID,
          parameters: { ...VALID.parameters, task_worker_replicas: 4 },
        },
      });
      expect(
        !result.success && result.problems.map(p => [p.code, p.field]),
      ).toEqual([
        ['SINGLETON_REPLICA_OVERRIDE', 'components.database.replicas'],
      ]);
    });
  });

  describe('every problem of an upgrade at once', () => {
    const change = (
      options: Partial<Parameters<typeof validateDeploymentChange>[0]>,
    ) =>
      validateDeploymentChange({
        currentDriver: INFRAHUB_1_0,
        driver: INFRAHUB_1_1_UNREPLACED,
        configuration: {
          ...VALID,
          parameters: { ...VALID.parameters, task_worker_replicas: 4 },
        },
        ...options,
      });
    const problemsOfChange = (
      options: Partial<Parameters<typeof validateDeploymentChange>[0]>,
    ) => {
      const result = change(options);
      return result.success ? [] : result.problems.map(p => [p.code, p.field]);
    };

    it.each<
      [
        string,
        Partial<Parameters<typeof validateDeploymentChange>[0]>,
        string[][],
      ]
    >([
      [
        'a retired value and a prompt answer out of bounds',
        {
          prompts: {
            hook: 'upgrade',
            answers: { 'run-migrations': { migration_timeout_minutes: 1 } },
          },
        },
        [
          ['RETIRED_PARAMETER_VALUE', 'parameters.task_worker_replicas'],
          [
            'VALIDATION_FAILED',
            'prompts.run-migrations.migration_timeout_minutes',
          ],
        ],
      ],
      [
        'a downgrade, a retired value and an unknown action',
        {
          currentDriver: exampleDriver('infrahub/1.1.0'),
          driver: INFRAHUB_1_0,
          configuration: {
            app_version: '1.5.2',
            parameters: { ...VALID.parameters, allow_anonymous_access: false },
          },
          prompts: { hook: 'upgrade', answers: { migrate: {} } },
        },
        [
          ['VALIDATION_FAILED', 'driverVersion'],
          ['RETIRED_PARAMETER_VALUE', 'parameters.allow_anonymous_access'],
          ['VALIDATION_FAILED', 'prompts.migrate'],
        ],
      ],
      [
        'answers to an edit, which runs no hook',
        { driver: INFRAHUB_1_0, prompts: { answers: { migrate: {} } } },
        [['VALIDATION_FAILED', 'prompts']],
      ],
    ])('%s', (_case, options, problems) => {
      expect(problemsOfChange(options)).toEqual(problems);
    });

    it('takes a downgrade that asks for it, and keeps the checked answers', () => {
      expect(
        change({
          currentDriver: INFRAHUB_1_1,
          driver: INFRAHUB_1_0,
          configuration: VALID,
          allowDowngrade: true,
          prompts: {
            hook: 'upgrade',
            answers: { 'run-migrations': { migration_timeout_minutes: 45 } },
          },
        }),
      ).toMatchObject({
        success: true,
        prompts: { 'run-migrations': { migration_timeout_minutes: 45 } },
      });
    });

    it('refuses a downgrade in words, on driverVersion', () => {
      const result = change({
        currentDriver: INFRAHUB_1_1,
        driver: INFRAHUB_1_0,
        configuration: VALID,
      });
      expect(!result.success && result.problems).toEqual([
        {
          code: 'VALIDATION_FAILED',
          field: 'driverVersion',
          message:
            'infrahub 1.0.0 is older than infrahub 1.1.0: a downgrade is refused unless the change asks for it (allowDowngrade)',
        },
      ]);
    });
  });
});
