import { InputError } from '@backstage/errors';
import { BasicPermission } from '@backstage/plugin-permission-common';
import { requirePermission } from '../permissions/requirePermission';
import type { ResolverFn } from './generated/schemaTypes';
import { StyrminGraphQLContext } from './types';

type Resolver<TResult, TParent, TArgs> = ResolverFn<
  TResult,
  TParent,
  StyrminGraphQLContext,
  TArgs
>;

/**
 * A resolver that first checks a permission of the caller (`requirePermission`, through
 * the request's memo), so that a field denies what its record's permission denies.
 *
 * @internal
 */
export function withPermission<TResult, TParent, TArgs>(
  permission: BasicPermission,
  resolve: Resolver<TResult, TParent, TArgs>,
): Resolver<TResult, TParent, TArgs> {
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
 * Each resolver takes its record's type where it is used, so that a field the SDL declares
 * non-null resolves only from a date the record always has.
 *
 * @internal
 */
export function isoDateFields<K extends string>(
  ...fields: K[]
): {
  [F in K]: <TParent extends Partial<Record<F, Date | null>>>(
    parent: TParent,
  ) => TParent[F] extends Date ? string : string | null;
} {
  const resolvers: Partial<
    Record<K, (parent: Partial<Record<K, unknown>>) => string | null>
  > = {};
  for (const field of fields) {
    resolvers[field] = parent => {
      const date = parent[field];
      return date instanceof Date ? date.toISOString() : null;
    };
  }
  return resolvers as ReturnType<typeof isoDateFields<K>>;
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
