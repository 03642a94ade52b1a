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
