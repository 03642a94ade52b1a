import {
  Content,
  Header,
  Page,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { ServerOverview } from '../ServerOverview';

const ServerOverviewLoader = () => {
  const { value, loading, error } = useStyrminApi(api => api.getServerInfo());

  if (loading) {
    return <Progress />;
  }
  if (error) {
    return <ResponseErrorPanel error={error} />;
  }
  return <ServerOverview server={value!} />;
};

/**
 * The Styrmin page for the new frontend system. It draws no `Page` or `Header`: the
 * framework's page layout does, from the page extension's title and icon.
 *
 * @public
 */
export const StyrminHomePage = () => (
  <Content>
    <ServerOverviewLoader />
  </Content>
);

/**
 * The same page for legacy apps, inside the page shell they expect.
 *
 * @public
 */
export const LegacyStyrminHomePage = () => (
  <Page themeId="tool">
    <Header
      title="Styrmin"
      subtitle="Deploy and operate versioned applications on Kubernetes"
    />
    <StyrminHomePage />
  </Page>
);
