import { mockServices } from '@backstage/backend-test-utils';
import {
  AuthenticationError,
  ConflictError,
  ForwardedError,
  InputError,
  NotAllowedError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  buildSchema,
  executeSync,
  GraphQLError,
  locatedError,
  parse,
} from 'graphql';
import { createErrorFormatter } from './formatError';

const PATH = ['server', 'installationId'];

/** How graphql-js wraps an error that a resolver at PATH threw. */
function thrownByResolver(error: unknown): GraphQLError {
  return locatedError(error, undefined, PATH);
}

describe('createErrorFormatter', () => {
  const logger = mockServices.logger.mock();
  const formatError = createErrorFormatter({ logger });

  afterEach(() => jest.clearAllMocks());

  it('keeps the code and the field of a StyrminError', () => {
    const error = new StyrminError(
      'SINGLETON_REPLICA_OVERRIDE',
      'Component server is a singleton; its replica override must be 1',
      { field: 'components.server.replicas' },
    );

    expect(formatError(thrownByResolver(error))).toEqual({
      message:
        'Component server is a singleton; its replica override must be 1',
      path: PATH,
      extensions: {
        code: 'SINGLETON_REPLICA_OVERRIDE',
        field: 'components.server.replicas',
      },
    });
  });

  it('passes on the problems of a VALIDATION_FAILED StyrminError', () => {
    const problems = [
      {
        file: 'driver.styrmin.yml',
        path: 'spec.actions[0].hook',
        line: 96,
        column: 13,
        message: 'Invalid option: expected one of "setup"|"upgrade"',
      },
    ];
    const error = new StyrminError(
      'VALIDATION_FAILED',
      'The driver has a problem',
      {
        problems,
      },
    );
    expect(formatError(thrownByResolver(error)).extensions).toEqual({
      code: 'VALIDATION_FAILED',
      problems,
    });
  });

  it('leaves the field out when the StyrminError has none', () => {
    const error = new StyrminError('CONFLICT', 'The deployment changed');

    expect(formatError(thrownByResolver(error)).extensions).toEqual({
      code: 'CONFLICT',
    });
  });

  it.each([
    [new InputError('Bad name'), 'VALIDATION_FAILED'],
    [new NotFoundError('No deployment d-1'), 'NOT_FOUND'],
    [new NotAllowedError('Not an administrator'), 'FORBIDDEN'],
    [new ConflictError('Version 1.2.0 exists'), 'CONFLICT'],
    [new AuthenticationError('Token expired'), 'UNAUTHENTICATED'],
    [new ServiceUnavailableError('Cluster unreachable'), 'UNAVAILABLE'],
    // ForwardedError takes the name of its cause, so the cause's code survives.
    [
      new ForwardedError('Loading failed', new NotFoundError('No driver x')),
      'NOT_FOUND',
    ],
  ])('maps %s to %s with its message', (error, code) => {
    expect(formatError(thrownByResolver(error))).toEqual({
      message: error.message,
      path: PATH,
      extensions: { code },
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('maps a syntax error to VALIDATION_FAILED', () => {
    let syntaxError: unknown;
    try {
      parse('{ server { version ');
    } catch (error) {
      syntaxError = error;
    }

    expect(formatError(syntaxError as GraphQLError)).toEqual({
      message: 'Syntax Error: Expected Name, found <EOF>.',
      locations: [{ line: 1, column: 20 }],
      extensions: { code: 'VALIDATION_FAILED' },
    });
  });

  it('maps a variable of the wrong type to VALIDATION_FAILED', () => {
    const schema = buildSchema('type Query { page(first: Int): Int }');
    const { errors } = executeSync({
      schema,
      document: parse('query Q($first: Int) { page(first: $first) }'),
      variableValues: { first: 'one' },
    });
    expect(formatError(errors![0])).toEqual({
      message:
        'Variable "$first" got invalid value "one"; Int cannot represent non-integer value: "one"',
      locations: [{ line: 1, column: 9 }],
      extensions: { code: 'VALIDATION_FAILED' },
    });
  });

  it('hides an unexpected error behind INTERNAL and logs it', () => {
    const error = new Error(
      'insert into "styrmin_installation" failed: password=hunter2',
    );

    const formatted = formatError(thrownByResolver(error));

    expect(formatted).toEqual({
      message:
        'The Styrmin server failed unexpectedly; the details are in its log',
      path: PATH,
      extensions: { code: 'INTERNAL' },
    });
    expect(JSON.stringify(formatted)).not.toMatch(
      /hunter2|styrmin_installation/,
    );
    expect(logger.error).toHaveBeenCalledWith(
      'Styrmin GraphQL field server.installationId failed',
      error,
    );
  });

  it('drops the extensions of errors it hides', () => {
    const error = new GraphQLError('Leaky', {
      extensions: { code: 'FORBIDDEN', connection: 'postgres://u:p@db' },
    });

    expect(formatError(thrownByResolver(error)).extensions).toEqual({
      code: 'INTERNAL',
    });
  });
});
