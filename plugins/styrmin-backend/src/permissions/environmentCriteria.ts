import { PermissionCriteria } from '@backstage/plugin-permission-common';
import {
  isAndCriteria,
  isNotCriteria,
  isOrCriteria,
} from '@backstage/plugin-permission-node';
import { Knex } from 'knex';
import { ENVIRONMENTS_TABLE } from '../environments/tables';
import { EnvironmentQuery } from './environmentRules';

/**
 * The environments a list may show, as a conditional decision's conditions make them
 * (`EnvironmentAccess.criteria`): a store turns them into one `WHERE` of its query, as the
 * catalog turns entity conditions into its filter, so that a page holds only what the
 * caller may read and each row costs no permission check.
 *
 * @internal
 */
export type EnvironmentCriteria = PermissionCriteria<EnvironmentQuery>;

/**
 * Restricts a query to the rows whose `column` (an environment id) names an environment
 * that meets the criteria: `column IN (SELECT id FROM styrmin_environments WHERE …)`.
 *
 * @internal
 */
export function whereEnvironmentMeets<T extends Knex.QueryBuilder>(
  query: T,
  column: string,
  criteria: EnvironmentCriteria,
): T {
  return query.whereIn(column, builder =>
    builder
      .select('id')
      .from(ENVIRONMENTS_TABLE)
      .where(matching => meets(matching, criteria)),
  ) as T;
}

function meets(builder: Knex.QueryBuilder, criteria: EnvironmentCriteria) {
  if (isAndCriteria(criteria)) {
    for (const one of criteria.allOf) {
      builder.andWhere(inner => meets(inner, one));
    }
  } else if (isOrCriteria(criteria)) {
    for (const one of criteria.anyOf) {
      builder.orWhere(inner => meets(inner, one));
    }
  } else if (isNotCriteria(criteria)) {
    builder.whereNot(inner => meets(inner, criteria.not));
  } else if ('exceptNames' in criteria) {
    builder.whereNotIn('name', criteria.exceptNames);
  } else {
    // An empty list matches nothing (knex writes `1 = 0`).
    builder.where(inner =>
      inner.whereIn('id', criteria.ids).orWhereIn('name', criteria.names),
    );
  }
}
