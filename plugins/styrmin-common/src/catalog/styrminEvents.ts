/**
 * The topic on Backstage's event bus (`eventsServiceRef` of `@backstage/plugin-events-node`)
 * on which the styrmin backend announces that records shown in the catalog changed: a
 * driver version loaded, a cluster registered, an environment or a deployment created,
 * changed or deleted. The catalog module refreshes its entities when one arrives.
 *
 * @public
 */
export const STYRMIN_CHANGES_TOPIC = 'styrmin.changes';

/**
 * The payload of an event on {@link STYRMIN_CHANGES_TOPIC}: the mutations of the GraphQL
 * API that succeeded in one request (`loadDriver`, `createDeployment`, ...). It names what
 * happened, never a value: subscribers read the records through the API.
 *
 * @public
 */
export type StyrminChangesEvent = {
  mutations: string[];
};
