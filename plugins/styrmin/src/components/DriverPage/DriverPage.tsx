import {
  EmptyState,
  Link,
  LinkButton,
  Progress,
  Table,
  TableColumn,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import Chip from '@material-ui/core/Chip';
import type { DriverVersionSummary } from '@styrmin/sdk';
import { useDriver } from '../../hooks/useDriver';
import {
  driverRouteRef,
  driversRouteRef,
  driverVersionRouteRef,
} from '../../routes';
import { Digest } from '../Digest';
import { DriverHeading } from '../DriverHeading';
import { DriverSource } from '../DriverSource';
import { PageTrail } from '../PageTrail';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { Timestamp } from '../Timestamp';

/** @public */
export interface DriverPageProps {
  /** The driver's name, from the address. */
  name: string;
}

/**
 * One application driver: what its latest version says of it, and every loaded version,
 * newest first.
 *
 * @public
 */
export const DriverPage = ({ name }: DriverPageProps) => {
  const { value, loading, error } = useDriver(name);
  const driversLink = useRouteRef(driversRouteRef)();
  const driverLink = useRouteRef(driverRouteRef)({ name });
  const driverVersionLink = useRouteRef(driverVersionRouteRef);

  const columns: TableColumn<DriverVersionSummary>[] = [
    {
      title: 'Version',
      field: 'version',
      highlight: true,
      render: row => (
        <>
          <Link to={driverVersionLink({ name, version: row.version })}>
            {row.version}
          </Link>
          {row.version === value?.latestVersion.version && (
            <>
              {' '}
              <Chip label="latest" size="small" variant="outlined" />
            </>
          )}
        </>
      ),
    },
    {
      title: 'Supported application versions',
      field: 'supportedVersions',
      render: row => <code>{row.supportedVersions}</code>,
    },
    { title: 'Loaded by', field: 'loadedBy' },
    {
      title: 'Loaded',
      field: 'loadedAt',
      render: row => <Timestamp iso={row.loadedAt} />,
    },
    {
      title: 'Source',
      field: 'source.type',
      render: row => <DriverSource source={row.source} />,
    },
    {
      title: 'Digest',
      field: 'digest',
      render: row => <Digest digest={row.digest} short />,
    },
  ];

  let content;
  if (loading) {
    content = <Progress />;
  } else if (error) {
    content = <StyrminErrorPanel error={error} />;
  } else if (!value) {
    content = (
      <EmptyState
        missing="data"
        title={`No driver named ${name} is loaded`}
        description="It may have another name; the drivers page lists every loaded driver."
        action={
          <LinkButton to={driversLink} variant="contained" color="primary">
            All drivers
          </LinkButton>
        }
      />
    );
  } else {
    content = (
      <>
        <DriverHeading
          title={value.title}
          icon={value.latestVersion.info.icon}
          subtitle={name}
          description={value.latestVersion.info.description}
        />
        <Table<DriverVersionSummary>
          title="Versions"
          columns={columns}
          data={value.versions}
          options={{ paging: false, search: false, sorting: false }}
        />
      </>
    );
  }

  return (
    <PageTrail
      entries={[
        { label: 'Drivers', href: driversLink },
        { label: name, href: driverLink },
      ]}
    >
      {content}
    </PageTrail>
  );
};
