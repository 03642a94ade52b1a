import { StyrminError } from '../errors/StyrminError';
import { validationError, ValidationProblem } from './ValidationProblem';

const SINGLETON: ValidationProblem = {
  code: 'SINGLETON_REPLICA_OVERRIDE',
  field: 'components.database.replicas',
  message: 'Component database is a singleton component',
};
const UNKNOWN: ValidationProblem = {
  code: 'VALIDATION_FAILED',
  field: 'parameters.colour',
  message: 'infrahub 1.0.0 declares no parameter "colour"',
};

describe('validationError', () => {
  it.each<[string, ValidationProblem[], Partial<StyrminError>]>([
    [
      'one problem',
      [SINGLETON],
      {
        code: 'SINGLETON_REPLICA_OVERRIDE',
        field: 'components.database.replicas',
        message:
          'components.database.replicas: Component database is a singleton component',
      },
    ],
    [
      "several problems: the first one's code and field, all of them listed",
      [SINGLETON, UNKNOWN],
      {
        code: 'SINGLETON_REPLICA_OVERRIDE',
        field: 'components.database.replicas',
        message:
          '2 problems: components.database.replicas: Component database is a singleton component; parameters.colour: infrahub 1.0.0 declares no parameter "colour"',
      },
    ],
    [
      'a problem of the whole input',
      [{ code: 'VALIDATION_FAILED', field: '', message: 'Must be an object' }],
      {
        code: 'VALIDATION_FAILED',
        field: undefined,
        message: 'Must be an object',
      },
    ],
  ])('%s', (_case, problems, expected) => {
    const error = validationError(problems);
    expect(error).toBeInstanceOf(StyrminError);
    expect(error).toMatchObject(expected);
    expect(error.problems).toEqual(
      problems.map(({ code, field, message }) => ({
        code,
        path: field,
        message,
      })),
    );
  });

  it('needs a problem', () => {
    expect(() => validationError([])).toThrow(TypeError);
  });
});
