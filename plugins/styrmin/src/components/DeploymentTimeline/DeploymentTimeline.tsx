import { EmptyState, InfoCard, Link } from '@backstage/core-components';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import type { TimelineEntry } from '@styrmin/sdk';
import { useState } from 'react';
import { styrminApiRef } from '../../api';
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
import { RollbackDialog } from './RollbackDialog';

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
  later,
  onRollback,
}: {
  deploymentId: string;
  entry: TimelineEntry;
  /** The instance after it, when the page holds it: its restore point is of this one. */
  later?: TimelineEntry;
  onRollback: (target: TimelineEntry, hasRestorePoint: boolean) => void;
}) => {
  const classes = useStyles();
  const links = useDeploymentLinks();
  const title = `Instance ${entry.number}`;
  const restorePoint = entry.restorePoint;
  const cause = entry.task?.cause;
  return (
    <li className={classes.entry} aria-label={title}>
      <Box display="flex" alignItems="center" flexWrap="wrap" gridGap={8}>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {entry.active && <Chip label="active" size="small" color="primary" />}
        {restorePoint && (
          <Chip
            label={`restore point ${restorePoint.phase ?? 'pending'}`}
            size="small"
            variant="outlined"
            title={restorePoint.veleroName}
          />
        )}
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
      {entry.rollbackTo && (
        <Typography variant="body2">
          Rollback to instance {entry.rollbackTo.number}
          {entry.restoresData ? ', with its data' : ''}
          {cause?.kind === 'ROLLBACK' ? `: ${cause.message}` : ''}
        </Typography>
      )}
      {!entry.active && (
        <Button
          size="small"
          onClick={() =>
            onRollback(entry, later?.restorePoint?.phase === 'Completed')
          }
        >
          Roll back to instance {entry.number}
        </Button>
      )}
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
 * driver version, the task that applied it with its result, the reconciliation diff to
 * the instance before (secrets masked), the restore point its upgrade took, and for a
 * rollback the instance it went back to (and why, for an automatic one). Each earlier
 * instance can be rolled back to, with its data when a restore point of it completed.
 * Follows the deployment's changes live.
 *
 * @public
 */
export const DeploymentTimeline = ({
  deploymentId,
}: DeploymentTimelineProps) => {
  const classes = useStyles();
  const styrmin = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const [rollback, setRollback] = useState<{
    target: TimelineEntry;
    hasRestorePoint: boolean;
  }>();
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
              {page.nodes.map((entry, index) => (
                <Entry
                  key={entry.id}
                  deploymentId={deploymentId}
                  entry={entry}
                  later={page.nodes[index - 1]}
                  onRollback={(target, hasRestorePoint) =>
                    setRollback({ target, hasRestorePoint })
                  }
                />
              ))}
            </ol>
            {rollback && (
              <RollbackDialog
                deploymentId={deploymentId}
                target={rollback.target}
                hasRestorePoint={rollback.hasRestorePoint}
                api={styrmin}
                onClose={() => setRollback(undefined)}
                onDone={() => {
                  setRollback(undefined);
                  alertApi.post({
                    message: `Rolling back to instance ${rollback.target.number}`,
                    severity: 'success',
                    display: 'transient',
                  });
                }}
              />
            )}
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
