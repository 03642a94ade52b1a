/*
 * The Styrmin portal's backend: Backstage's own plugins (catalog, scaffolder, search,
 * permissions, signals, notifications, Kubernetes, the MCP actions server, guest sign-in
 * for the embedded default) and the Styrmin backend plugin.
 */
import { createBackend } from '@backstage/backend-defaults';

const backend = createBackend();

backend.add(import('@backstage/plugin-app-backend'));

backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));

backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(
  import('@backstage/plugin-catalog-backend-module-scaffolder-entity-model'),
);
backend.add(import('@backstage/plugin-catalog-backend-module-logs'));

backend.add(import('@backstage/plugin-scaffolder-backend'));
backend.add(
  import('@backstage/plugin-scaffolder-backend-module-notifications'),
);

// Styrmin's role policy: administrator, operator and read-only, from styrmin.roles.
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(import('@styrmin/plugin-permission-backend-module-styrmin'));

// Search: PostgreSQL's full-text engine when the database is PostgreSQL, Lunr in memory otherwise.
backend.add(import('@backstage/plugin-search-backend'));
backend.add(import('@backstage/plugin-search-backend-module-pg'));
backend.add(import('@backstage/plugin-search-backend-module-catalog'));

// Deployments' pods on their entity pages; scripts/start configures the sandbox cluster
// (.data/app-config.kubernetes.yaml). Without kubernetes config it stays inert.
backend.add(import('@backstage/plugin-kubernetes-backend'));

backend.add(import('@backstage/plugin-user-settings-backend'));
backend.add(import('@backstage/plugin-notifications-backend'));
backend.add(import('@backstage/plugin-signals-backend'));
// The event bus between plugins; on PostgreSQL it also carries events between replicas.
backend.add(import('@backstage/plugin-events-backend'));

backend.add(import('@styrmin/plugin-styrmin-backend'));
// Styrmin's actions (backend.actions.pluginSources) as MCP tools at /api/mcp-actions/v1.
backend.add(import('@backstage/plugin-mcp-actions-backend'));
// Driver versions as software templates; clusters, environments and deployments as
// catalog entities (refreshed on Styrmin's change events); the styrmin:deployment actions.
backend.add(import('@styrmin/plugin-catalog-backend-module-styrmin'));
backend.add(import('@styrmin/plugin-scaffolder-backend-module-styrmin'));

backend.start();
