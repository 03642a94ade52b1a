import { EmptyState } from '@backstage/core-components';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { LoadedContent } from '../LoadedContent';
import { EventsTable } from './EventsTable';

/** @public */
export interface EventsCardProps {
  deploymentId: string;
}

/**
 * The Kubernetes Events of a deployment's namespace (`Deployment.events`), read again
 * whenever the deployment changes (its pods, its state).
 *
 * @public
 */
export const EventsCard = ({ deploymentId }: EventsCardProps) => {
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    api => api.getDeploymentEvents(deploymentId),
    [deploymentId],
  );
  return (
    <LoadedContent
      state={state}
      missing={
        <EmptyState
          missing="data"
          title="No such deployment"
          description={`Styrmin has no deployment ${deploymentId}.`}
        />
      }
    >
      {events => <EventsTable events={events} />}
    </LoadedContent>
  );
};
