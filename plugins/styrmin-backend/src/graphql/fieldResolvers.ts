import { InputError } from '@backstage/errors';
import { BasicPermission } from '@backstage/plugin-permission-common';
import { GraphQLFieldResolver } from 'graphql';
import { requirePermission } from '../permissions/requirePermission';
import { StyrminGraphQLContext } from './types';

type Resolver<TParent> = GraphQLFieldResolver<TParent, StyrminGraphQLContext>;

/**
 * A resolver that first checks a permission of the caller (`requirePermission`, through
 * the request's memo), so that a field denies what its record's permission denies.
 *
 * @internal
 */
export function withPermission<TParent = any>(
  permission: BasicPermission,
  resolve: Resolver<TParent>,
): Resolver<TParent> {
  return async (parent, args, context, info) => {
    await requirePermission({
      permissions: context.permissions,
      credentials: context.credentials,
      permission,
    });
    return resolve(parent, args, context, info);
  };
}

/**
 * Resolvers for the Date fields of a record, as ISO 8601 text; an absent date is null.
 *
 * @internal
 */
export function isoDateFields<K extends string>(
  ...fields: K[]
): Record<K, Resolver<Partial<Record<K, unknown>>>> {
  const resolvers = {} as Record<K, Resolver<Partial<Record<K, unknown>>>>;
  for (const field of fields) {
    resolvers[field] = parent => {
      const date = parent[field];
      return date instanceof Date ? date.toISOString() : null;
    };
  }
  return resolvers;
}

/**
 * The one record that either its id or its name names; both or neither is an input error.
 *
 * @internal
 */
export function oneOfIdOrName(
  what: string,
  args: { id?: string | null; name?: string | null },
): { id: string } | { name: string } {
  const { id, name } = args;
  if (id && !name) {
    return { id };
  }
  if (name && !id) {
    return { name };
  }
  throw new InputError(
    `Name the ${what} by its id or by its name: one of them`,
  );
}

/**
 * Fails a field whose record a stored reference names but the database lacks: the
 * database is damaged, which is the server's error (INTERNAL, logged), not the caller's.
 *
 * @internal
 */
export function notStored(what: string): never {
  throw new Error(`${what} is referenced but not stored`);
}
