import { Entity } from '@backstage/catalog-model';
import { STYRMIN_ENTITY_TYPES } from '@styrmin/plugin-styrmin-common';

/**
 * Whether an entity is a Styrmin environment's `Resource`: where the environment tab
 * shows (in legacy apps, the condition of an `EntitySwitch.Case`).
 *
 * @public
 */
export function isStyrminEnvironmentEntity(entity: Entity): boolean {
  return (
    entity.kind.toLocaleLowerCase('en-US') === 'resource' &&
    entity.spec?.type === STYRMIN_ENTITY_TYPES.environment
  );
}

/**
 * Whether an entity is a Styrmin deployment's `Resource`: where the deployment tabs show.
 *
 * @public
 */
export function isStyrminDeploymentEntity(entity: Entity): boolean {
  return (
    entity.kind.toLocaleLowerCase('en-US') === 'resource' &&
    entity.spec?.type === STYRMIN_ENTITY_TYPES.deployment
  );
}

/**
 * Whether an entity is a Styrmin cluster's `System`: where the cluster tab shows.
 *
 * @public
 */
export function isStyrminClusterEntity(entity: Entity): boolean {
  return (
    entity.kind.toLocaleLowerCase('en-US') === 'system' &&
    entity.spec?.type === STYRMIN_ENTITY_TYPES.cluster
  );
}
