import { isError } from '@backstage/errors';
import { StyrminError } from './StyrminError';
import { StyrminErrorCode } from './StyrminErrorCode';

describe('StyrminError', () => {
  it('carries its code, the field at fault and the cause', () => {
    const cause = new Error('inner');
    const error = new StyrminError(
      'SINGLETON_REPLICA_OVERRIDE',
      'Component server is a singleton; its replica override must be 1',
      { field: 'components.server.replicas', cause },
    );
    expect(isError(error)).toBe(true);
    expect(error.name).toBe('StyrminError');
    expect(error.code).toBe('SINGLETON_REPLICA_OVERRIDE');
    expect(error.field).toBe('components.server.replicas');
    expect(error.cause).toBe(cause);
  });

  it('carries every problem of a document that fails validation', () => {
    const problems = [
      {
        file: 'driver.styrmin.yml',
        path: 'kind',
        line: 2,
        column: 7,
        message: 'Invalid input',
      },
    ];
    const error = new StyrminError(
      'VALIDATION_FAILED',
      'The driver has a problem',
      {
        problems,
      },
    );
    expect(error.problems).toBe(problems);
    expect(new StyrminError('CONFLICT', 'Changed').problems).toBeUndefined();
  });

  it('has the glossary codes among its codes', () => {
    expect(StyrminErrorCode.values).toEqual(
      expect.arrayContaining([
        'COMPONENT_CONTAINER_NOT_DECLARED',
        'COMPONENT_CONTAINER_NOT_FOUND',
        'SINGLETON_REPLICA_OVERRIDE',
        'RETIRED_PARAMETER_VALUE',
      ]),
    );
  });
});
