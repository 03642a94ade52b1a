import { Table, TableColumn } from '@backstage/core-components';
import Chip from '@material-ui/core/Chip';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import type {
  DriverVersion,
  DriverVersionComponent,
  DriverVersionService,
} from '@styrmin/sdk';

const Muted = ({ children }: { children: string }) => (
  <Typography variant="body2" color="textSecondary">
    {children}
  </Typography>
);

const componentColumns: TableColumn<DriverVersionComponent>[] = [
  { title: 'Component', field: 'name', highlight: true },
  {
    title: 'Selector',
    field: 'selector',
    render: row =>
      Object.entries(row.selector).map(([key, value]) => (
        <Typography key={key} variant="body2">
          <code>
            {key}={value}
          </code>
        </Typography>
      )),
  },
  {
    title: 'Component container',
    field: 'container',
    // Without one the component takes no env, image, command or args overrides.
    render: row =>
      row.container ? <code>{row.container}</code> : <Muted>None</Muted>,
  },
  {
    title: 'Replicas',
    field: 'replicas',
    render: row => {
      if (row.singleton) {
        return '1';
      }
      return row.replicas === null ? (
        <Muted>From the chart</Muted>
      ) : (
        String(row.replicas)
      );
    },
  },
  {
    title: 'Singleton',
    field: 'singleton',
    render: row =>
      row.singleton ? (
        <Chip label="singleton" size="small" variant="outlined" />
      ) : (
        <Muted>No</Muted>
      ),
  },
];

const serviceColumns: TableColumn<DriverVersionService>[] = [
  { title: 'Service', field: 'name', highlight: true },
  { title: 'Component', field: 'component' },
  { title: 'Port', field: 'port', type: 'numeric' },
  {
    title: 'Target port',
    field: 'targetPort',
    render: row => String(row.targetPort ?? row.port),
  },
  { title: 'Protocol', field: 'protocol' },
  { title: 'Type', field: 'type' },
];

/** @public */
export interface DriverComponentsProps {
  driverVersion: DriverVersion;
}

/**
 * The components of a driver version (how their pods are found, which container takes
 * overrides, their replicas) and the services it declares.
 *
 * @public
 */
export const DriverComponents = ({ driverVersion }: DriverComponentsProps) => (
  <Grid container spacing={3}>
    <Grid item xs={12}>
      <Table<DriverVersionComponent>
        title="Components"
        subtitle="A singleton runs one replica and refuses replica overrides above 1."
        columns={componentColumns}
        data={driverVersion.components}
        options={{ paging: false, search: false, sorting: false }}
      />
    </Grid>
    <Grid item xs={12}>
      <Table<DriverVersionService>
        title="Services"
        columns={serviceColumns}
        data={driverVersion.services}
        options={{ paging: false, search: false, sorting: false }}
        emptyContent={
          <Typography variant="body2" color="textSecondary" component="p">
            This driver version declares no services.
          </Typography>
        }
      />
    </Grid>
  </Grid>
);
