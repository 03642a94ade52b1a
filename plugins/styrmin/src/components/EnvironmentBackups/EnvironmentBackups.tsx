import { EmptyState, InfoCard } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import List from '@material-ui/core/List';
import { styrminSignalChannel } from '@styrmin/plugin-styrmin-common';
import type { EnvironmentWithDeployments } from '@styrmin/sdk';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useEnvironmentLinks } from '../../hooks/useEnvironmentLinks';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { CursorPager, useCursorPages } from '../CursorPager';
import { LoadedContent } from '../LoadedContent';
import { BackUpEnvironment } from './BackUpEnvironment';
import {
  EnvironmentBackupListItem,
  ENVIRONMENT_BACKUP_QUERY_PARAMETER,
} from './EnvironmentBackupListItem';
import { SelectedEnvironmentBackup } from './SelectedEnvironmentBackup';

const PAGE_SIZE = 20;

/** @public */
export interface EnvironmentBackupsProps {
  environment: EnvironmentWithDeployments;
}

/**
 * An environment's environment backups, newest first, each with its status (computed
 * from its constituents) and constituents; the one the address names (`?backup=<id>`),
 * else the newest, with Restore and Delete; and "Back up". Live through the environment's
 * channel, which its deployments' changes (a constituent's progress) reach too.
 *
 * @public
 */
export const EnvironmentBackups = ({
  environment,
}: EnvironmentBackupsProps) => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const links = useEnvironmentLinks();
  const pages = useCursorPages();
  const { after } = pages;
  const channel = styrminSignalChannel({
    record: 'environment',
    id: environment.id,
  });
  const state = useLiveStyrminApi(
    channel,
    api =>
      api.getEnvironmentBackups({
        id: environment.id,
        first: PAGE_SIZE,
        after,
      }),
    [environment.id, after],
  );
  return (
    <>
      <Box mb={2}>
        <BackUpEnvironment
          environment={environment}
          onStarted={backup => {
            navigate(
              `?${new URLSearchParams({
                [ENVIRONMENT_BACKUP_QUERY_PARAMETER]: backup.id,
              })}`,
            );
            state.retry();
          }}
        />
      </Box>
      <LoadedContent
        state={state}
        missing={
          <EmptyState missing="data" title="There is no such environment" />
        }
      >
        {page => {
          const selectedId =
            searchParams.get(ENVIRONMENT_BACKUP_QUERY_PARAMETER) ??
            page.nodes[0]?.id;
          if (!selectedId) {
            return (
              <EmptyState
                missing="data"
                title={`No environment backups of ${environment.name} yet`}
                description="Back up takes one: the environment's configuration, the declared state of each deployment and a backup of each, as one record."
              />
            );
          }
          return (
            <Grid container spacing={3}>
              <Grid item xs={12} md={4}>
                <InfoCard title="Environment backups" noPadding>
                  <List aria-label="Environment backups, newest first" dense>
                    {page.nodes.map(backup => (
                      <EnvironmentBackupListItem
                        key={backup.id}
                        backup={backup}
                        selected={backup.id === selectedId}
                      />
                    ))}
                  </List>
                  <CursorPager
                    pages={pages}
                    pageInfo={page.pageInfo}
                    label="environment backups"
                  />
                </InfoCard>
              </Grid>
              <Grid item xs={12} md={8}>
                <SelectedEnvironmentBackup
                  backupId={selectedId}
                  channel={channel}
                  onDeleted={() => {
                    // The address named the one deleted: open the newest left.
                    navigate({ search: '' });
                    state.retry();
                  }}
                  onRestoring={taskId =>
                    navigate(links.task(environment.name, taskId))
                  }
                />
              </Grid>
            </Grid>
          );
        }}
      </LoadedContent>
    </>
  );
};
