import { EmptyState, LinkButton } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { rootRouteRef } from '../../routes';

/** @public */
export interface MissingRecordProps {
  /** What is not there, as a sentence: "No cluster named prod". */
  title: string;
  /** Why it may be missing, or where to look instead. */
  description?: string;
}

/**
 * What a Styrmin page shows when its address names nothing: the reason, and the way back
 * to the Styrmin home page, which lists what there is.
 *
 * @public
 */
export const MissingRecord = ({ title, description }: MissingRecordProps) => {
  const home = useRouteRef(rootRouteRef)();
  return (
    <EmptyState
      missing="data"
      title={title}
      description={description}
      action={
        <LinkButton to={home} variant="contained" color="primary">
          Styrmin home
        </LinkButton>
      }
    />
  );
};
