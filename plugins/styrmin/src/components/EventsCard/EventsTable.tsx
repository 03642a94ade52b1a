import {
  StatusOK,
  StatusWarning,
  Table,
  TableColumn,
} from '@backstage/core-components';
import Typography from '@material-ui/core/Typography';
import { useTheme } from '@material-ui/core/styles';
import type { KubernetesEvent } from '@styrmin/sdk';
import { formatAge } from '../PodsTable/PodsTable';

/** @public */
export interface EventsTableProps {
  /** The Events to list, in the order given (the API's: newest first). */
  events: KubernetesEvent[];
  /** The time ages are measured to; now by default. */
  now?: Date;
}

/**
 * Kubernetes Events as `kubectl get events` lists them: type, reason, object, message,
 * count and when last seen; a Warning stands out (its type marked, its row tinted).
 *
 * @public
 */
export const EventsTable = ({ events, now = new Date() }: EventsTableProps) => {
  const theme = useTheme();
  const columns: TableColumn<KubernetesEvent>[] = [
    {
      title: 'Type',
      field: 'type',
      render: event =>
        event.type === 'Warning' ? (
          <StatusWarning>Warning</StatusWarning>
        ) : (
          <StatusOK>{event.type}</StatusOK>
        ),
    },
    { title: 'Reason', field: 'reason', highlight: true },
    {
      title: 'Object',
      field: 'object',
      render: event => (
        <>
          {event.object}
          {event.related && (
            <Typography variant="body2" color="textSecondary" component="div">
              {`for ${event.related}`}
            </Typography>
          )}
        </>
      ),
    },
    { title: 'Message', field: 'message' },
    { title: 'Count', field: 'count', type: 'numeric' },
    {
      title: 'Last seen',
      field: 'lastSeen',
      render: event => (
        <time dateTime={event.lastSeen} title={event.lastSeen}>
          {`${formatAge(event.lastSeen, now)} ago`}
        </time>
      ),
    },
  ];
  return (
    <Table<KubernetesEvent>
      title="Events"
      subtitle="In the deployment's namespace, newest first"
      options={{
        paging: events.length > 20,
        pageSize: 20,
        search: false,
        padding: 'dense',
        rowStyle: event =>
          event.type === 'Warning'
            ? { backgroundColor: theme.palette.warningBackground }
            : {},
      }}
      columns={columns}
      data={events}
      emptyContent={
        <Typography
          variant="body2"
          color="textSecondary"
          style={{ padding: 16 }}
        >
          No Events in the deployment's namespace (Kubernetes keeps them for an
          hour).
        </Typography>
      }
    />
  );
};
