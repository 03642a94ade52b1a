import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  ValidationResult,
  validationError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import {
  Environment,
  EnvironmentStore,
} from '../environments/EnvironmentStore';

/**
 * Refuses a change computed against another version of its record than the record has:
 * another change came first.
 *
 * @internal
 */
export function checkVersion(
  what: string,
  current: { version: number },
  expectedVersion: number,
): void {
  if (current.version !== expectedVersion) {
    throw new ConflictError(
      `${what} changed meanwhile: the change applies to version ${expectedVersion}, and it is at version ${current.version} now; read it again and retry`,
    );
  }
}

/**
 * An environment that is not deleted; in a transaction, locked until it ends (see
 * `EnvironmentStore.getEnvironment`), so that the changes of one environment run one after
 * the other.
 *
 * @internal
 */
export async function liveEnvironment(options: {
  environments: EnvironmentStore;
  id: string;
  tx?: Knex.Transaction;
}): Promise<Environment> {
  const { environments, id, tx } = options;
  const environment = await environments.getEnvironment({
    tx,
    id,
    lock: tx !== undefined,
  });
  if (!environment) {
    throw new NotFoundError(`Environment ${id} does not exist`);
  }
  return environment;
}

/**
 * The value of a validation, or the error with every problem.
 *
 * @internal
 */
export function valueOrThrow<T>(result: ValidationResult<T>): T {
  if (!result.success) {
    throw validationError(result.problems);
  }
  return result.value;
}
