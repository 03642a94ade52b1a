import { EmptyState, InfoCard } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import List from '@material-ui/core/List';
import type { DeploymentWithInstance } from '@styrmin/sdk';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { CursorPager, useCursorPages } from '../CursorPager';
import { LoadedContent } from '../LoadedContent';
import { BackupListItem, BACKUP_QUERY_PARAMETER } from './BackupListItem';
import { BackupNow } from './BackupNow';
import { BackupScheduleSummary } from './BackupScheduleSummary';
import { DeploymentRestores } from './DeploymentRestores';
import { SelectedBackup } from './SelectedBackup';

const PAGE_SIZE = 20;

/** @public */
export interface DeploymentBackupsProps {
  deployment: DeploymentWithInstance;
  /** Called after an action changed the deployment (a restore makes it RESTORING). */
  onChanged: () => void;
}

/**
 * A deployment's backup history, of every instance it has had, newest first, each with
 * its Velero phase, progress, size, who started it and its expiry; the one the address
 * names (`?backup=<id>`), else the newest, with Restore, Delete and its task's steps; the
 * restores into the deployment; the backup schedule that applies, which operators edit;
 * and "Back up now". A tombstone's history shows, without
 * the actions. Follows the deployment's changes live.
 *
 * @public
 */
export const DeploymentBackups = ({
  deployment,
  onChanged,
}: DeploymentBackupsProps) => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const pages = useCursorPages();
  const { after } = pages;
  const state = useLiveStyrminApi(
    deploymentChannel(deployment.id),
    api =>
      api.getDeploymentBackups({
        id: deployment.id,
        first: PAGE_SIZE,
        after,
      }),
    [deployment.id, after],
  );
  return (
    <>
      <Box mb={2}>
        <BackupScheduleSummary deployment={deployment} />
      </Box>
      <Box mb={2}>
        <BackupNow
          deployment={deployment}
          onStarted={backup => {
            navigate(
              `?${new URLSearchParams({
                [BACKUP_QUERY_PARAMETER]: backup.id,
              })}`,
            );
            state.retry();
          }}
        />
      </Box>
      <LoadedContent
        state={state}
        missing={
          <EmptyState missing="data" title="There is no such deployment" />
        }
      >
        {page => {
          const selected =
            searchParams.get(BACKUP_QUERY_PARAMETER) ?? page.nodes[0]?.id;
          return (
            <Grid container spacing={3}>
              <Grid item xs={12} md={5}>
                {selected ? (
                  <InfoCard title="Backups" noPadding>
                    <List aria-label="Backups, newest first" dense>
                      {page.nodes.map(backup => (
                        <BackupListItem
                          key={backup.id}
                          backup={backup}
                          selected={backup.id === selected}
                        />
                      ))}
                    </List>
                    <CursorPager
                      pages={pages}
                      pageInfo={page.pageInfo}
                      label="backups"
                    />
                  </InfoCard>
                ) : (
                  <EmptyState
                    missing="data"
                    title="No backups yet"
                    description="Back up now takes one; a backup schedule of the deployment or its environment takes them on its own."
                  />
                )}
              </Grid>
              <Grid item xs={12} md={7}>
                {selected && (
                  <Box mb={3}>
                    <SelectedBackup
                      deploymentName={deployment.name}
                      deploymentId={deployment.id}
                      backupId={selected}
                      onChanged={onChanged}
                    />
                  </Box>
                )}
                <DeploymentRestores deploymentId={deployment.id} />
              </Grid>
            </Grid>
          );
        }}
      </LoadedContent>
    </>
  );
};
