import {
  EmptyState,
  InfoCard,
  Link,
  Progress,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import type { Driver } from '@styrmin/sdk';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { driversRouteRef, driverVersionRouteRef } from '../../routes';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { Timestamp } from '../Timestamp';
import { plural } from '../../plural';

/** How many of the most recently loaded versions the card lists. */
const NEWEST_VERSIONS = 5;

function newestVersions(drivers: Driver[]) {
  return drivers
    .flatMap(driver => driver.versions.map(version => ({ driver, ...version })))
    .sort((a, b) => b.loadedAt.localeCompare(a.loadedAt))
    .slice(0, NEWEST_VERSIONS);
}

/**
 * The drivers at a glance on the Styrmin home page: how many are loaded, the versions
 * loaded last, and the way to all of them.
 *
 * @public
 */
export const DriversCard = () => {
  const {
    value: drivers,
    loading,
    error,
  } = useStyrminApi(api => api.getDrivers());
  const driversLink = useRouteRef(driversRouteRef)();
  const driverVersionLink = useRouteRef(driverVersionRouteRef);

  const versionCount =
    drivers?.reduce((sum, driver) => sum + driver.versions.length, 0) ?? 0;

  return (
    <InfoCard
      title="Drivers"
      subheader={
        drivers &&
        `${plural(drivers.length, 'driver')}, ${plural(
          versionCount,
          'version',
        )} loaded`
      }
      deepLink={{ title: 'All drivers', link: driversLink }}
    >
      {loading && <Progress />}
      {error && <StyrminErrorPanel error={error} />}
      {drivers?.length === 0 && (
        <EmptyState
          missing="data"
          title="No drivers loaded yet"
          description="An administrator loads application drivers with styrminctl drivers load <dir|git-url>."
        />
      )}
      {drivers && drivers.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            Newest versions
          </Typography>
          <List dense disablePadding>
            {newestVersions(drivers).map(entry => (
              <ListItem key={`${entry.driver.name}@${entry.version}`}>
                <ListItemText
                  primary={
                    <Link
                      to={driverVersionLink({
                        name: entry.driver.name,
                        version: entry.version,
                      })}
                    >
                      {entry.driver.title} {entry.version}
                    </Link>
                  }
                  secondary={
                    <>
                      Loaded <Timestamp iso={entry.loadedAt} /> by{' '}
                      {entry.loadedBy}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </InfoCard>
  );
};
