import {
  Content,
  EmptyState,
  Header,
  LinkButton,
  Page,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { ReactRouterV6PageRouter } from '@backstage/frontend-adapter-react-router-v6';
import { Route, Routes, useParams } from 'react-router-dom';
import {
  clusterRouteRef,
  clusterTabRouteRef,
  deploymentRouteRef,
  deploymentTabRouteRef,
  driverRouteRef,
  driversRouteRef,
  driverVersionRouteRef,
  driverVersionTabRouteRef,
  environmentRouteRef,
  environmentTabRouteRef,
  rootRouteRef,
} from '../../routes';
import { ClusterPage } from '../ClusterPage';
import { DeploymentPage } from '../DeploymentPage';
import { DriverPage } from '../DriverPage';
import { DriversPage } from '../DriversPage';
import { DriverVersionPage } from '../DriverVersionPage';
import { EnvironmentPage } from '../EnvironmentPage';
import { PageTrailInContent } from '../PageTrail';
import { StyrminHomePage } from '../StyrminHomePage';

const DriverRoute = () => {
  const { name } = useParams();
  return <DriverPage name={name!} />;
};

// Both routes of a driver version render this at the same place in the tree, so React
// keeps the page, and what it read, when the tab changes.
const DriverVersionRoute = () => {
  const { name, version, tab } = useParams();
  return <DriverVersionPage name={name!} version={version!} tab={tab} />;
};

// As with a driver version: one element per page at one place in the tree, whatever the tab.
const EnvironmentRoute = () => {
  const { environment, tab } = useParams();
  return <EnvironmentPage name={environment!} tab={tab} />;
};

const DeploymentRoute = () => {
  const { id, tab } = useParams();
  return <DeploymentPage id={id!} tab={tab} />;
};

const ClusterRoute = () => {
  const { cluster, tab } = useParams();
  return <ClusterPage name={cluster!} tab={tab} />;
};

const NotFound = () => {
  const home = useRouteRef(rootRouteRef)();
  return (
    <EmptyState
      missing="info"
      title="Styrmin has no page at this address"
      action={
        <LinkButton to={home} variant="contained" color="primary">
          Styrmin home
        </LinkButton>
      }
    />
  );
};

/**
 * Every Styrmin page, each at the path of its route ref. Under the new frontend system the
 * React Router adapter scopes the routes to where the app mounts the plugin; in legacy
 * apps it steps aside, and the app's own router does the same.
 *
 * @public
 */
export const StyrminRouter = () => (
  <ReactRouterV6PageRouter>
    <Content>
      <Routes>
        <Route path="/" element={<StyrminHomePage />} />
        <Route path={driversRouteRef.path} element={<DriversPage />} />
        <Route path={driverRouteRef.path} element={<DriverRoute />} />
        <Route
          path={driverVersionRouteRef.path}
          element={<DriverVersionRoute />}
        />
        <Route
          path={driverVersionTabRouteRef.path}
          element={<DriverVersionRoute />}
        />
        <Route path={environmentRouteRef.path} element={<EnvironmentRoute />} />
        <Route
          path={environmentTabRouteRef.path}
          element={<EnvironmentRoute />}
        />
        <Route path={deploymentRouteRef.path} element={<DeploymentRoute />} />
        <Route
          path={deploymentTabRouteRef.path}
          element={<DeploymentRoute />}
        />
        <Route path={clusterRouteRef.path} element={<ClusterRoute />} />
        <Route path={clusterTabRouteRef.path} element={<ClusterRoute />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Content>
  </ReactRouterV6PageRouter>
);

/**
 * The Styrmin pages for legacy apps, inside the page shell they expect; the new frontend
 * system draws the header (and the breadcrumbs) itself.
 *
 * @public
 */
export const LegacyStyrminRouter = () => (
  <Page themeId="tool">
    <Header
      title="Styrmin"
      subtitle="Deploy and operate versioned applications on Kubernetes"
    />
    <PageTrailInContent>
      <StyrminRouter />
    </PageTrailInContent>
  </Page>
);
