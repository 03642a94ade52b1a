import { exampleDriver } from '../__testUtils__/exampleDriver';
import { ParameterValue } from '../configuration/DeploymentConfiguration';
import { validateParameters } from './validateParameters';

const INFRAHUB = exampleDriver('infrahub/1.0.0');
const VALID = { admin_password: 'correct horse battery' };

function problemsOf(parameters: Record<string, ParameterValue>) {
  return validateParameters({ driver: INFRAHUB, parameters }).map(
    ({ code, field, message }) => [code, field, message],
  );
}

describe('validateParameters', () => {
  it.each<[string, Record<string, ParameterValue>]>([
    ['only the required parameter', VALID],
    [
      'every parameter at a bound',
      {
        ...VALID,
        admin_password: 'x'.repeat(12),
        default_branch: 'a'.repeat(250),
        log_level: 'ERROR',
        task_worker_replicas: 16,
        telemetry_enabled: true,
        database_heap_gib: 0.5,
      },
    ],
    ['a whole number for a number', { ...VALID, database_heap_gib: 64 }],
    [
      'a length counted in characters, not UTF-16 units',
      { admin_password: '🔑'.repeat(12) },
    ],
  ])('accepts %s', (_case, parameters) => {
    expect(problemsOf(parameters)).toEqual([]);
  });

  it.each<[string, Record<string, ParameterValue>, string, string]>([
    [
      'an unknown parameter',
      { ...VALID, replicas: 2 },
      'parameters.replicas',
      'infrahub 1.0.0 declares no parameter "replicas"',
    ],
    [
      'a required parameter without a default left out',
      {},
      'parameters.admin_password',
      'Required: the parameter has no default',
    ],
    [
      'a secret that is not text',
      { admin_password: 123456789012 },
      'parameters.admin_password',
      'Must be text',
    ],
    [
      'a secret too short',
      { admin_password: 'short' },
      'parameters.admin_password',
      'Must be at least 12 characters long',
    ],
    [
      'a string too long',
      { ...VALID, default_branch: 'a'.repeat(251) },
      'parameters.default_branch',
      'Must be at most 250 characters long',
    ],
    [
      'a string off its pattern',
      { ...VALID, default_branch: 'Main' },
      'parameters.default_branch',
      'Must match the pattern ^[a-z0-9][a-z0-9._/-]*$',
    ],
    [
      'a string that is a number',
      { ...VALID, default_branch: 7 },
      'parameters.default_branch',
      'Must be text',
    ],
    [
      'an enum value not among its values',
      { ...VALID, log_level: 'TRACE' },
      'parameters.log_level',
      'Must be one of DEBUG, INFO, WARNING, ERROR',
    ],
    [
      'an enum value of another case',
      { ...VALID, log_level: 'debug' },
      'parameters.log_level',
      'Must be one of DEBUG, INFO, WARNING, ERROR',
    ],
    [
      'an integer that is not whole',
      { ...VALID, task_worker_replicas: 2.5 },
      'parameters.task_worker_replicas',
      'Must be a whole number',
    ],
    [
      'an integer given as text',
      { ...VALID, task_worker_replicas: '2' },
      'parameters.task_worker_replicas',
      'Must be a whole number',
    ],
    [
      'an integer below its minimum',
      { ...VALID, task_worker_replicas: 0 },
      'parameters.task_worker_replicas',
      'Must be at least 1',
    ],
    [
      'an integer above its maximum',
      { ...VALID, task_worker_replicas: 17 },
      'parameters.task_worker_replicas',
      'Must be at most 16',
    ],
    [
      'a number given as text',
      { ...VALID, database_heap_gib: '1' },
      'parameters.database_heap_gib',
      'Must be a number',
    ],
    [
      'a number below its minimum',
      { ...VALID, database_heap_gib: 0.25 },
      'parameters.database_heap_gib',
      'Must be at least 0.5',
    ],
    [
      'a number above its maximum',
      { ...VALID, database_heap_gib: 128 },
      'parameters.database_heap_gib',
      'Must be at most 64',
    ],
    [
      'a boolean given as text',
      { ...VALID, telemetry_enabled: 'false' },
      'parameters.telemetry_enabled',
      'Must be true or false',
    ],
  ])('refuses %s', (_case, parameters, field, message) => {
    expect(problemsOf(parameters)).toEqual([
      ['VALIDATION_FAILED', field, message],
    ]);
  });

  it('reports every problem, with each broken bound of one value', () => {
    expect(
      problemsOf({
        default_branch: '-'.repeat(251),
        log_level: 'TRACE',
        color: 'red',
      }),
    ).toEqual([
      [
        'VALIDATION_FAILED',
        'parameters.color',
        'infrahub 1.0.0 declares no parameter "color"',
      ],
      [
        'VALIDATION_FAILED',
        'parameters.admin_password',
        'Required: the parameter has no default',
      ],
      [
        'VALIDATION_FAILED',
        'parameters.default_branch',
        'Must be at most 250 characters long',
      ],
      [
        'VALIDATION_FAILED',
        'parameters.default_branch',
        'Must match the pattern ^[a-z0-9][a-z0-9._/-]*$',
      ],
      [
        'VALIDATION_FAILED',
        'parameters.log_level',
        'Must be one of DEBUG, INFO, WARNING, ERROR',
      ],
    ]);
  });

  it('never repeats the value of a secret', () => {
    const secret = 'hunter2';
    const messages = validateParameters({
      driver: INFRAHUB,
      parameters: { admin_password: secret },
    }).map(problem => problem.message);
    expect(messages).toHaveLength(1);
    expect(messages.join()).not.toContain(secret);
  });
});
