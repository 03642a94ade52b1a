import {
  CodeSnippet,
  EmptyState,
  Link,
  Progress,
  Table,
  TableColumn,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import Typography from '@material-ui/core/Typography';
import { useState } from 'react';
import { useDrivers } from '../../hooks/useDrivers';
import {
  driverRouteRef,
  driversRouteRef,
  driverVersionRouteRef,
} from '../../routes';
import { DriverIcon } from '../DriverIcon';
import { DriverLoad } from '../DriverLoad';
import { PageTrail } from '../PageTrail';
import { StyrminErrorPanel } from '../StyrminErrorPanel';

/** One row of the drivers table. */
interface DriverRow {
  name: string;
  title: string;
  icon: string | null;
  description: string;
  latestVersion: string;
  versionCount: number;
  supportedVersions: string;
}

const matchesName = (filter: string, row: DriverRow) => {
  const term = filter.trim().toLowerCase();
  return (
    row.name.toLowerCase().includes(term) ||
    row.title.toLowerCase().includes(term)
  );
};

/**
 * Every loaded application driver, by name, with its latest version; search by name or
 * title. Administrators load a version from git here.
 *
 * @public
 */
export const DriversPage = () => {
  // Read again after each load, so that a new version shows at once.
  const [loads, setLoads] = useState(0);
  const { value, loading, error } = useDrivers([loads]);
  const driversLink = useRouteRef(driversRouteRef)();
  const driverLink = useRouteRef(driverRouteRef);
  const driverVersionLink = useRouteRef(driverVersionRouteRef);

  const columns: TableColumn<DriverRow>[] = [
    {
      title: 'Icon',
      field: 'icon',
      width: '56px',
      sorting: false,
      searchable: false,
      render: row => <DriverIcon icon={row.icon} title={row.title} />,
    },
    {
      title: 'Driver',
      field: 'name',
      highlight: true,
      customFilterAndSearch: matchesName,
      render: row => (
        <>
          <Link to={driverLink({ name: row.name })}>{row.title}</Link>
          <Typography variant="body2" color="textSecondary">
            {row.name}
          </Typography>
        </>
      ),
    },
    { title: 'Description', field: 'description', searchable: false },
    {
      title: 'Latest version',
      field: 'latestVersion',
      searchable: false,
      render: row => (
        <Link
          to={driverVersionLink({ name: row.name, version: row.latestVersion })}
        >
          {row.latestVersion}
        </Link>
      ),
    },
    {
      title: 'Versions',
      field: 'versionCount',
      type: 'numeric',
      searchable: false,
    },
    {
      title: 'Supported application versions',
      field: 'supportedVersions',
      searchable: false,
      render: row => <code>{row.supportedVersions}</code>,
    },
  ];

  let content;
  if (loading) {
    content = <Progress />;
  } else if (error) {
    content = <StyrminErrorPanel error={error} />;
  } else if (!value?.length) {
    content = (
      <EmptyState
        missing="data"
        title="No drivers loaded"
        description="An application driver describes how Styrmin deploys one application. An administrator loads its versions from a directory or a git repository:"
        action={
          <CodeSnippet
            language="shell"
            text="styrminctl drivers load <dir|git-url>"
          />
        }
      />
    );
  } else {
    content = (
      <Table<DriverRow>
        title="Drivers"
        columns={columns}
        data={value.map(({ name, title, versions, latestVersion }) => ({
          name,
          title,
          icon: latestVersion.info.icon,
          description: latestVersion.info.description,
          latestVersion: latestVersion.version,
          versionCount: versions.length,
          supportedVersions: latestVersion.supportedVersions,
        }))}
        options={{
          paging: false,
          search: true,
          searchFieldAlignment: 'left',
          searchFieldVariant: 'outlined',
        }}
        localization={{
          toolbar: { searchPlaceholder: 'Search by name' },
          body: { emptyDataSourceMessage: 'No driver has that name' },
        }}
      />
    );
  }

  return (
    <PageTrail entries={[{ label: 'Drivers', href: driversLink }]}>
      <DriverLoad onLoaded={() => setLoads(n => n + 1)} />
      {content}
    </PageTrail>
  );
};
