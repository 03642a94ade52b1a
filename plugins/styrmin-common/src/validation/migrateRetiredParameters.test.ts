import { exampleDriver } from '../__testUtils__/exampleDriver';
import { ParameterValue } from '../configuration/DeploymentConfiguration';
import { DriverSpec } from '../driver/DriverSpec';
import { migrateRetiredParameters } from './migrateRetiredParameters';

const INFRAHUB_1_0 = exampleDriver('infrahub/1.0.0');
const INFRAHUB_1_1 = exampleDriver('infrahub/1.1.0');

/** infrahub 1.1.0 without saying what replaces task_worker_replicas. */
const INFRAHUB_1_1_UNREPLACED: DriverSpec = {
  ...INFRAHUB_1_1,
  spec: { ...INFRAHUB_1_1.spec, retired_parameters: undefined },
};

/** infrahub 1.0.0 with a secret parameter and one without a default, both retired in 1.1.0. */
const INFRAHUB_1_0_MORE: DriverSpec = {
  ...INFRAHUB_1_0,
  spec: {
    ...INFRAHUB_1_0.spec,
    parameters: {
      ...INFRAHUB_1_0.spec.parameters,
      license_key: { type: 'secret', description: 'A key.', required: false },
      region: { type: 'string', description: 'A region.', required: false },
    },
  },
};

describe('migrateRetiredParameters', () => {
  it.each<
    [
      string,
      DriverSpec | undefined,
      DriverSpec,
      Record<string, ParameterValue>,
      Record<string, ParameterValue>,
      string[],
    ]
  >([
    [
      'drops a retired value equal to its default in the current driver version',
      INFRAHUB_1_0,
      INFRAHUB_1_1,
      { admin_password: 'p', task_worker_replicas: 2 },
      { admin_password: 'p' },
      ['task_worker_replicas'],
    ],
    [
      'has nothing to drop when the retired parameter is not set',
      INFRAHUB_1_0,
      INFRAHUB_1_1,
      { admin_password: 'p' },
      { admin_password: 'p' },
      [],
    ],
    [
      'keeps every value when the driver version stays',
      INFRAHUB_1_0,
      INFRAHUB_1_0,
      { task_worker_replicas: 4 },
      { task_worker_replicas: 4 },
      [],
    ],
    [
      'keeps what neither version declares, for validateParameters to report',
      INFRAHUB_1_0,
      INFRAHUB_1_1,
      { colour: 'red' },
      { colour: 'red' },
      [],
    ],
    [
      'keeps every value of a new deployment',
      undefined,
      INFRAHUB_1_1,
      { task_worker_replicas: 2 },
      { task_worker_replicas: 2 },
      [],
    ],
  ])('%s', (_case, currentDriver, driver, parameters, kept, dropped) => {
    expect(
      migrateRetiredParameters({ currentDriver, driver, parameters }),
    ).toEqual({
      parameters: kept,
      components: {},
      dropped,
      carriedOver: [],
      problems: [],
    });
  });

  it.each<[string, Record<string, ParameterValue>, string, string]>([
    [
      'a retired value other than its default',
      { task_worker_replicas: 4 },
      'parameters.task_worker_replicas',
      'infrahub 1.1.0 no longer declares the parameter task_worker_replicas, and its value 4 differs from its default in infrahub 1.0.0 (2): dropping it would change the deployment, so leave it out of the change to drop it knowingly',
    ],
    [
      'a retired value of another type than its default',
      { task_worker_replicas: '2' },
      'parameters.task_worker_replicas',
      'infrahub 1.1.0 no longer declares the parameter task_worker_replicas, and its value "2" differs from its default in infrahub 1.0.0 (2): dropping it would change the deployment, so leave it out of the change to drop it knowingly',
    ],
    [
      'a retired secret, without repeating it',
      { license_key: 'XYZ-123' },
      'parameters.license_key',
      'infrahub 1.1.0 no longer declares the parameter license_key, and it has a value and no default in infrahub 1.0.0: dropping it would change the deployment, so leave it out of the change to drop it knowingly',
    ],
    [
      'a retired parameter without a default',
      { region: 'eu' },
      'parameters.region',
      'infrahub 1.1.0 no longer declares the parameter region, and it has a value and no default in infrahub 1.0.0: dropping it would change the deployment, so leave it out of the change to drop it knowingly',
    ],
  ])(
    'refuses %s (RETIRED_PARAMETER_VALUE)',
    (_case, parameters, field, message) => {
      expect(
        migrateRetiredParameters({
          currentDriver: INFRAHUB_1_0_MORE,
          driver: INFRAHUB_1_1_UNREPLACED,
          parameters: { admin_password: 'p', ...parameters },
        }),
      ).toEqual({
        parameters: { admin_password: 'p' },
        components: {},
        dropped: [],
        carriedOver: [],
        problems: [{ code: 'RETIRED_PARAMETER_VALUE', field, message }],
      });
    },
  );

  describe('a retired parameter with a replacement (1.1.0: task_worker_replicas to the task-worker replica override)', () => {
    it.each<
      [
        string,
        Record<string, ParameterValue>,
        Record<string, { replicas?: number; image?: string }>,
        Partial<ReturnType<typeof migrateRetiredParameters>>,
      ]
    >([
      [
        'carries a value other than its default over to the replica override',
        { task_worker_replicas: 4 },
        {},
        {
          components: { 'task-worker': { replicas: 4 } },
          dropped: [],
          carriedOver: [
            {
              parameter: 'task_worker_replicas',
              field: 'components.task-worker.replicas',
              value: 4,
            },
          ],
          problems: [],
        },
      ],
      [
        "keeps the component's other overrides",
        { task_worker_replicas: 4 },
        { 'task-worker': { image: 'registry.example/worker:1.6.0' } },
        {
          components: {
            'task-worker': {
              image: 'registry.example/worker:1.6.0',
              replicas: 4,
            },
          },
          dropped: [],
        },
      ],
      [
        'drops the value when the change sets the replica override itself',
        { task_worker_replicas: 4 },
        { 'task-worker': { replicas: 3 } },
        {
          components: { 'task-worker': { replicas: 3 } },
          dropped: ['task_worker_replicas'],
          carriedOver: [],
          problems: [],
        },
      ],
      [
        'still drops a value equal to its default',
        { task_worker_replicas: 2 },
        {},
        { components: {}, dropped: ['task_worker_replicas'], carriedOver: [] },
      ],
      [
        'refuses a value that is no replica override',
        { task_worker_replicas: '4' },
        {},
        {
          components: {},
          dropped: [],
          carriedOver: [],
          problems: [
            {
              code: 'RETIRED_PARAMETER_VALUE',
              field: 'parameters.task_worker_replicas',
              message:
                'infrahub 1.1.0 no longer declares the parameter task_worker_replicas, and its value "4" is no replica override (a whole number of 1 or more) for the component task-worker that replaces it: set components.task-worker.replicas, or leave the parameter out of the change to drop it',
            },
          ],
        },
      ],
    ])('%s', (_case, parameters, components, expected) => {
      expect(
        migrateRetiredParameters({
          currentDriver: INFRAHUB_1_0,
          driver: INFRAHUB_1_1,
          parameters: { admin_password: 'p', ...parameters },
          components,
        }),
      ).toMatchObject({ parameters: { admin_password: 'p' }, ...expected });
    });
  });
});
