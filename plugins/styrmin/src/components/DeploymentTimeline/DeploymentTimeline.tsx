import { EmptyState, InfoCard, Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import type { TimelineEntry } from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { ContextDiff } from '../ContextDiff';
import { CursorPager, useCursorPages } from '../CursorPager';
import { LoadedContent } from '../LoadedContent';
import { TaskResultChip } from '../StateChip';
import { Timestamp } from '../Timestamp';

const PAGE_SIZE = 10;

const useStyles = makeStyles(theme => ({
  entries: { listStyle: 'none', margin: 0, padding: 0 },
  entry: {
    padding: theme.spacing(2, 0),
    borderBottom: `1px solid ${theme.palette.divider}`,
    '&:last-child': { borderBottom: 'none' },
  },
}));

const Entry = ({
  deploymentId,
  entry,
}: {
  deploymentId: string;
  entry: TimelineEntry;
}) => {
  const classes = useStyles();
  const links = useDeploymentLinks();
  const title = `Instance ${entry.number}`;
  return (
    <li className={classes.entry} aria-label={title}>
      <Box display="flex" alignItems="center" flexWrap="wrap" gridGap={8}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {entry.active && <Chip label="active" size="small" color="primary" />}
        <Typography variant="body2" color="textSecondary" component="span">
          by {entry.createdBy}, <Timestamp iso={entry.createdAt} />; driver
          version{' '}
          <Link to={links.driverVersion(entry.driverVersion)}>
            {entry.driverVersion.name} {entry.driverVersion.version}
          </Link>
        </Typography>
      </Box>
      <Box display="flex" alignItems="center" gridGap={8} my={1}>
        {entry.task ? (
          <>
            <TaskResultChip value={entry.task.result} />
            <Link to={links.task(deploymentId, entry.task.id)}>
              {entry.task.type}
            </Link>
          </>
        ) : (
          <Typography variant="body2" color="textSecondary">
            No task applied it.
          </Typography>
        )}
      </Box>
      <ContextDiff changes={entry.diff} />
    </li>
  );
};

/** @public */
export interface DeploymentTimelineProps {
  /** The deployment's id. */
  deploymentId: string;
}

/**
 * Every instance of a deployment, newest first: who made the change and when, with which
 * driver version, the task that applied it with its result, and the reconciliation diff
 * to the instance before (secrets masked). Follows the deployment's changes live.
 *
 * @public
 */
export const DeploymentTimeline = ({
  deploymentId,
}: DeploymentTimelineProps) => {
  const classes = useStyles();
  const pages = useCursorPages();
  const { after } = pages;
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    api =>
      api.getDeploymentTimeline({ id: deploymentId, first: PAGE_SIZE, after }),
    [deploymentId, after],
  );
  return (
    <LoadedContent
      state={state}
      missing={
        <EmptyState missing="data" title="There is no such deployment" />
      }
    >
      {page =>
        page.nodes.length === 0 && !pages.hasNewer ? (
          <EmptyState
            missing="data"
            title="No instances yet"
            description="Each change of the deployment generates an instance; it will be listed here."
          />
        ) : (
          <InfoCard title="Timeline">
            <ol
              className={classes.entries}
              aria-label="Instances, newest first"
            >
              {page.nodes.map(entry => (
                <Entry
                  key={entry.id}
                  deploymentId={deploymentId}
                  entry={entry}
                />
              ))}
            </ol>
            <CursorPager
              pages={pages}
              pageInfo={page.pageInfo}
              label="instances"
            />
          </InfoCard>
        )
      }
    </LoadedContent>
  );
};
