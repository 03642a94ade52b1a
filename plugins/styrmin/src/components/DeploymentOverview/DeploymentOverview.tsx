import {
  EmptyState,
  InfoCard,
  Link,
  StructuredMetadataTable,
  Table,
  TableColumn,
} from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import type {
  DeployedService,
  DeploymentComponent,
  DeploymentObservedState,
} from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { LoadedContent } from '../LoadedContent';
import { PodsTable } from '../PodsTable';
import { DeploymentStateChip, TaskResultChip } from '../StateChip';
import { Timestamp } from '../Timestamp';

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

const Muted = ({ children }: { children: string }) => (
  <Typography variant="body2" color="textSecondary" component="span">
    {children}
  </Typography>
);

/**
 * The replicas a component runs; a stopped one runs them once started, and its 0 pods are
 * what was asked, so it reads as stopped rather than as 0 ready.
 */
const componentColumns: TableColumn<DeploymentComponent>[] = [
  { title: 'Component', field: 'name', highlight: true },
  {
    title: 'Desired replicas',
    field: 'desiredReplicas',
    render: component => {
      const desired =
        component.desiredReplicas === null ? (
          <Muted>From the chart</Muted>
        ) : (
          String(component.desiredReplicas)
        );
      return component.stopped ? (
        <>
          {desired} <Muted>when started</Muted>
        </>
      ) : (
        desired
      );
    },
  },
  {
    title: 'Ready replicas',
    field: 'readyReplicas',
    render: component => {
      const ready = `${component.readyReplicas} of ${component.pods}`;
      if (!component.stopped) {
        return ready;
      }
      // The default colour: stopping is a choice, neither a failure nor progress.
      return (
        <Box display="flex" alignItems="center" flexWrap="wrap" gridGap={8}>
          <Chip
            size="small"
            variant="outlined"
            label="Stopped"
            title="Runs 0 pods until it is started again"
          />
          {component.pods > 0 && <Muted>{`${ready}, ending`}</Muted>}
        </Box>
      );
    },
  },
];

const serviceColumns: TableColumn<DeployedService>[] = [
  { title: 'Service', field: 'name', highlight: true },
  { title: 'Component', field: 'component' },
  {
    title: 'Endpoint',
    field: 'host',
    render: service => (
      // One line: a host name broken per character reads as noise.
      <code style={{ whiteSpace: 'nowrap' }}>
        {service.host}:{service.port}
      </code>
    ),
  },
  {
    title: 'URL in the cluster',
    field: 'url',
    render: s => <code>{s.url}</code>,
  },
  {
    title: 'URL outside',
    field: 'externalUrl',
    // Through the service's Ingress: only a service its driver exposes has one.
    render: s =>
      s.externalUrl ? <Link to={s.externalUrl}>{s.externalUrl}</Link> : '—',
  },
  { title: 'Protocol', field: 'protocol' },
  { title: 'Type', field: 'type' },
];

const denseTable = { paging: false, search: false, padding: 'dense' } as const;

/** The Ready condition of the StyrminDeployment resource: true, false, or null (unknown). */
const readyWords = { true: 'Ready', false: 'Not ready', null: 'Unknown' };

const StateCard = ({ observed }: { observed: DeploymentObservedState }) => {
  const links = useDeploymentLinks();
  const { deploymentStatus: status, latestTask } = observed;
  let ready;
  if (!status) {
    ready = <Muted>Not reported yet</Muted>;
  } else {
    ready = (
      <>
        {readyWords[String(status.ready) as keyof typeof readyWords]}
        {status.reason && `: ${status.reason}`}
        {status.message && ` (${status.message})`}, observed{' '}
        <Timestamp iso={status.observedAt} />
      </>
    );
  }
  return (
    <InfoCard title="State">
      <StructuredMetadataTable
        options={tableOptions}
        metadata={{
          State: (
            <Box display="flex" alignItems="center" flexWrap="wrap" gridGap={8}>
              <DeploymentStateChip value={observed.state} />
              {observed.stateReason && (
                <Typography variant="body2">{observed.stateReason}</Typography>
              )}
            </Box>
          ),
          'StyrminDeployment resource': ready,
          'Application version': observed.appVersion,
          'Driver version': (
            <Link to={links.driverVersion(observed.driverVersion)}>
              {observed.driverVersion.name} {observed.driverVersion.version}
            </Link>
          ),
          'Latest task': latestTask ? (
            <Box display="flex" alignItems="center" flexWrap="wrap" gridGap={8}>
              <TaskResultChip value={latestTask.result} />
              <Link to={links.task(observed.id, latestTask.id)}>
                {latestTask.type}
              </Link>
              <Typography variant="body2" component="span">
                by {latestTask.createdBy},{' '}
                <Timestamp iso={latestTask.createdAt} />
              </Typography>
            </Box>
          ) : (
            <Muted>None yet</Muted>
          ),
        }}
      />
    </InfoCard>
  );
};

/** @public */
export interface DeploymentOverviewProps {
  /** The deployment's id. */
  deploymentId: string;
}

/**
 * What runs of a deployment: its state and why, its versions, its components with the
 * replicas they should run and the ready ones (or that they are stopped), its services with their addresses, its
 * pods, and the result of its latest task. It loads them itself and follows the
 * deployment's changes live, so it serves the deployment page and a catalog entity's tab.
 *
 * @public
 */
export const DeploymentOverview = ({
  deploymentId,
}: DeploymentOverviewProps) => {
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    api => api.getDeploymentObservedState(deploymentId),
    [deploymentId],
  );
  return (
    <LoadedContent
      state={state}
      missing={
        <EmptyState missing="data" title="There is no such deployment" />
      }
    >
      {observed => (
        <Grid container spacing={3}>
          <Grid item xs={12} lg={6}>
            <StateCard observed={observed} />
          </Grid>
          <Grid item xs={12} lg={6}>
            <Table<DeploymentComponent>
              title="Components"
              options={denseTable}
              columns={componentColumns}
              data={observed.components}
              emptyContent={
                <Box p={2}>
                  <Muted>
                    No components: the deployment has no active instance.
                  </Muted>
                </Box>
              }
            />
          </Grid>
          <Grid item xs={12}>
            <Table<DeployedService>
              title="Services"
              options={denseTable}
              columns={serviceColumns}
              data={observed.services}
              emptyContent={
                <Box p={2}>
                  <Muted>
                    {observed.state === 'DELETED'
                      ? 'No services: the deployment is deleted.'
                      : 'Its driver version declares no services.'}
                  </Muted>
                </Box>
              }
            />
          </Grid>
          <Grid item xs={12}>
            <PodsTable pods={observed.pods} />
          </Grid>
        </Grid>
      )}
    </LoadedContent>
  );
};
