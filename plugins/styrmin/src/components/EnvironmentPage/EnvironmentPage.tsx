import { ReactNode, useState } from 'react';
import {
  CodeSnippet,
  EmptyState,
  Link,
  StructuredMetadataTable,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import AddIcon from '@material-ui/icons/Add';
import {
  styrminDeploymentCreatePermission,
  styrminSignalChannel,
} from '@styrmin/plugin-styrmin-common';
import type { EnvironmentWithDeployments } from '@styrmin/sdk';
import { Navigate } from 'react-router-dom';
import { StyrminApi } from '../../api';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import {
  clusterRouteRef,
  environmentRouteRef,
  environmentTabRouteRef,
} from '../../routes';
import { BackupStorageLocationStatus } from '../BackupStorageLocation';
import { CreateDeploymentDialog } from '../CreateDeploymentDialog';
import { DeploymentsTable } from '../DeploymentsTable';
import { EnvironmentBackups } from '../EnvironmentBackups';
import { DeleteEnvironment, EditEnvironment } from '../EnvironmentForm';
import { EnvironmentTasks } from '../EnvironmentTasks';
import { EnvironmentActions } from './EnvironmentActions';
import { LoadedContent } from '../LoadedContent';
import { MissingRecord } from '../MissingRecord';
import { PageTabs } from '../PageTabs';
import { PageTrail } from '../PageTrail';
import { Timestamp } from '../Timestamp';

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

const EnvironmentSettings = ({
  environment,
}: {
  environment: EnvironmentWithDeployments;
}) => {
  const clusterLink = useRouteRef(clusterRouteRef);
  const overrides = Object.keys(environment.overrides).length
    ? environment.overrides
    : undefined;
  return (
    <StructuredMetadataTable
      options={tableOptions}
      metadata={{
        Cluster: (
          <Link to={clusterLink({ cluster: environment.cluster.name })}>
            {environment.cluster.name}
          </Link>
        ),
        'Backup storage location': environment.backupStorageLocation ? (
          <BackupStorageLocationStatus
            name={environment.backupStorageLocation}
          />
        ) : (
          'None: backups cannot be taken'
        ),
        Overrides: overrides ? (
          <CodeSnippet
            language="json"
            text={JSON.stringify(overrides, null, 2)}
          />
        ) : (
          "None: its deployments use the cluster's settings"
        ),
        Created: (
          <>
            <Timestamp iso={environment.createdAt} /> by {environment.createdBy}
          </>
        ),
        Updated: (
          <>
            <Timestamp iso={environment.updatedAt} /> by {environment.updatedBy}
          </>
        ),
      }}
    />
  );
};

/** The tabs of an environment: the first at the environment's own address. */
const tabs: Array<{
  id: string;
  label: (environment: EnvironmentWithDeployments) => string;
  content: (
    environment: EnvironmentWithDeployments,
    refresh: () => void,
  ) => ReactNode;
}> = [
  {
    id: 'deployments',
    label: e => `Deployments (${e.deployments.length})`,
    content: environment =>
      environment.deployments.length > 0 ? (
        <DeploymentsTable
          label={`Deployments of ${environment.name}`}
          deployments={environment.deployments}
        />
      ) : (
        <EmptyState
          missing="data"
          title={`No deployments in ${environment.name} yet`}
          description="A deployment runs one application, through its driver, in this environment: Create deployment starts one."
        />
      ),
  },
  {
    id: 'backups',
    label: () => 'Backups',
    content: environment => <EnvironmentBackups environment={environment} />,
  },
  {
    id: 'tasks',
    label: () => 'Tasks',
    content: environment => <EnvironmentTasks environment={environment} />,
  },
  {
    id: 'settings',
    label: () => 'Settings',
    content: (environment, refresh) => (
      <>
        <EnvironmentSettings environment={environment} />
        <Box mt={2}>
          <EditEnvironment environment={environment} onSaved={refresh} />
        </Box>
        <Box mt={3}>
          <DeleteEnvironment environment={environment} />
        </Box>
      </>
    ),
  },
];

/** @public */
export interface EnvironmentPageProps {
  /** The environment's name, from the address. */
  name: string;
  /** The tab the address names; the first when absent. */
  tab?: string;
}

/**
 * One environment: its deployments with their states and newest tasks (and the way to
 * create one); its environment backups (Back up, Restore, Delete); its environment tasks
 * with the deployments' tasks they started; Upgrade and Clone, each after a preview of
 * its plan; and its settings: the cluster it is in, its overrides of the cluster's
 * settings and its backup storage location, which administrators edit (after a review of
 * what the change redeploys), and its deletion. Live while it is open.
 *
 * @public
 */
export const EnvironmentPage = ({
  name,
  tab = tabs[0].id,
}: EnvironmentPageProps) => {
  const state = useLiveStyrminApi(
    environment =>
      environment &&
      styrminSignalChannel({ record: 'environment', id: environment.id }),
    (api: StyrminApi) => api.getEnvironment({ name }),
    [name],
  );
  const create = usePermission({
    permission: styrminDeploymentCreatePermission,
  });
  const [creating, setCreating] = useState(false);
  const environmentLink = useRouteRef(environmentRouteRef)({
    environment: name,
  });
  const tabLink = useRouteRef(environmentTabRouteRef);

  const selected = tabs.find(t => t.id === tab);
  if (!selected) {
    return <Navigate to={environmentLink} replace />;
  }

  const createButton = (
    <Box display="flex" alignItems="center" gridGap={8}>
      <Button
        variant="contained"
        color="primary"
        startIcon={<AddIcon />}
        disabled={!create.allowed}
        onClick={() => setCreating(true)}
      >
        Create deployment
      </Button>
      {!create.loading && !create.allowed && (
        <Typography variant="body2" color="textSecondary">
          Creating deployments needs {styrminDeploymentCreatePermission.name}
        </Typography>
      )}
    </Box>
  );

  return (
    <PageTrail
      entries={[{ label: `Environment ${name}`, href: environmentLink }]}
    >
      <LoadedContent
        state={state}
        missing={
          <MissingRecord
            title={`No environment named ${name}`}
            description="It may have been deleted; the home page lists every environment."
          />
        }
      >
        {environment => (
          <>
            <Box
              display="flex"
              justifyContent="space-between"
              alignItems="center"
              mb={2}
            >
              <Typography variant="h5" component="h2">
                {environment.name}
              </Typography>
              <Box display="flex" alignItems="center" gridGap={16}>
                <EnvironmentActions environment={environment} />
                {createButton}
              </Box>
            </Box>
            <PageTabs
              label={`Environment ${environment.name}`}
              selected={selected.id}
              tabs={tabs.map((t, index) => ({
                id: t.id,
                label: t.label(environment),
                href:
                  index === 0
                    ? environmentLink
                    : tabLink({ environment: name, tab: t.id }),
              }))}
            >
              {selected.content(environment, state.retry)}
            </PageTabs>
            {creating && (
              <CreateDeploymentDialog
                environment={environment}
                onClose={() => setCreating(false)}
              />
            )}
          </>
        )}
      </LoadedContent>
    </PageTrail>
  );
};
