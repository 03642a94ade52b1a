import { Table, TableColumn } from '@backstage/core-components';
import Typography from '@material-ui/core/Typography';
import type { PodStatus } from '@styrmin/sdk';

/** @public */
export interface PodsTableProps {
  pods: PodStatus[];
  /** The time ages are measured to; now by default. */
  now?: Date;
}

/** A pod's age as `kubectl get pods` prints it: the largest unit or two. */
export function formatAge(startedAt: string, now: Date): string {
  const seconds = Math.max(
    0,
    Math.floor((now.getTime() - new Date(startedAt).getTime()) / 1000),
  );
  const [days, hours, minutes] = [
    Math.floor(seconds / 86400),
    Math.floor((seconds % 86400) / 3600),
    Math.floor((seconds % 3600) / 60),
  ];
  if (days > 0) {
    return hours > 0 ? `${days}d${hours}h` : `${days}d`;
  }
  if (hours > 0) {
    return minutes > 0 ? `${hours}h${minutes}m` : `${hours}h`;
  }
  return minutes > 0 ? `${minutes}m` : `${seconds}s`;
}

const Muted = ({ children }: { children: string }) => (
  <Typography variant="body2" color="textSecondary" component="span">
    {children}
  </Typography>
);

/**
 * Whether a pod is ready, in words. A pod that ran to its end (a Job's, such as a hook's)
 * is never ready and needs not be: it reads as kubectl's STATUS column says it.
 */
function readiness(pod: PodStatus): string {
  if (pod.ready) {
    return 'Ready';
  }
  if (pod.phase === 'Succeeded') {
    return 'Completed';
  }
  const words = pod.phase === 'Failed' ? 'Failed' : 'Not ready';
  return pod.reason ? `${words}: ${pod.reason}` : words;
}

/**
 * The pods of a deployment as the agent last reported them (PodStatus): phase, readiness
 * with the reason a pod is not ready, restarts and age.
 *
 * @public
 */
export const PodsTable = ({ pods, now = new Date() }: PodsTableProps) => {
  const columns: TableColumn<PodStatus>[] = [
    { title: 'Pod', field: 'name', highlight: true },
    {
      title: 'Component',
      field: 'component',
      render: pod => pod.component ?? <Muted>Not a component</Muted>,
    },
    { title: 'Phase', field: 'phase' },
    {
      title: 'Ready',
      field: 'ready',
      render: readiness,
    },
    { title: 'Restarts', field: 'restarts', type: 'numeric' },
    {
      title: 'Age',
      field: 'startedAt',
      render: pod =>
        pod.startedAt ? (
          <time dateTime={pod.startedAt} title={pod.startedAt}>
            {formatAge(pod.startedAt, now)}
          </time>
        ) : (
          <Muted>Not started</Muted>
        ),
    },
  ];
  return (
    <Table<PodStatus>
      title="Pods"
      options={{ paging: false, search: false, padding: 'dense' }}
      columns={columns}
      data={pods}
      emptyContent={
        <Typography
          variant="body2"
          color="textSecondary"
          style={{ padding: 16 }}
        >
          The agent has reported no pods of this deployment.
        </Typography>
      }
    />
  );
};
