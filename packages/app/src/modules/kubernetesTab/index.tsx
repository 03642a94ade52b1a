import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { isKubernetesAvailable } from '@backstage/plugin-kubernetes';

/**
 * The Kubernetes plugin's entity tab (same id, path, title and filter, so the app-config
 * of `entity-content:kubernetes/kubernetes` still applies) with Styrmin's Events card under
 * the plugin's own content: Backstage shows a namespace's Events only inside a pod's dialog,
 * over a proxy no guest may use, while the card lists the deployment's namespace's Events
 * through Styrmin's API to whoever may read the deployment. The card shows nothing on an
 * entity that is not a Styrmin deployment.
 */
const kubernetesContent = EntityContentBlueprint.make({
  name: 'kubernetes',
  params: {
    path: '/kubernetes',
    title: 'Kubernetes',
    group: 'deployment',
    filter: isKubernetesAvailable,
    loader: async () => {
      const [{ Router }, { EntityStyrminEventsCard }] = await Promise.all([
        import('@backstage/plugin-kubernetes'),
        import('@styrmin/plugin-styrmin'),
      ]);
      return (
        <>
          <Router />
          <EntityStyrminEventsCard />
        </>
      );
    },
  },
});

export const kubernetesTabModule = createFrontendModule({
  pluginId: 'kubernetes',
  extensions: [kubernetesContent],
});
