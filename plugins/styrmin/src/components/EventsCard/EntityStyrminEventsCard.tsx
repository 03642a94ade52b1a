import { useEntity } from '@backstage/plugin-catalog-react';
import { STYRMIN_ANNOTATIONS } from '@styrmin/plugin-styrmin-common';
import { EventsCard } from './EventsCard';

/**
 * The Events card of a Styrmin deployment's entity, found by its `styrmin.io/deployment-id`
 * annotation; nothing for any other entity, so that it can sit on every entity's
 * Kubernetes tab.
 *
 * @public
 */
export const EntityStyrminEventsCard = () => {
  const { entity } = useEntity();
  const id = entity.metadata.annotations?.[STYRMIN_ANNOTATIONS.deploymentId];
  return id ? <EventsCard deploymentId={id} /> : null;
};
