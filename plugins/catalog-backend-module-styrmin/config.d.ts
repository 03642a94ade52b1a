import { SchedulerServiceTaskScheduleDefinitionConfig } from '@backstage/backend-plugin-api';

export interface Config {
  catalog?: {
    providers?: {
      /**
       * Styrmin's entity provider (`@styrmin/plugin-catalog-backend-module-styrmin`): driver
       * versions as templates; clusters, environments and deployments as entities. Every
       * key is optional; the module works without any.
       */
      styrmin?: {
        /**
         * How often the whole set is read again, besides the refresh that every change
         * Styrmin announces starts at once. Every 30 minutes by default.
         */
        schedule?: SchedulerServiceTaskScheduleDefinitionConfig;
        /**
         * The catalog namespace of every Styrmin entity; `default` by default. The template
         * actions read it too, to name the entity of the deployment they create.
         */
        namespace?: string;
        /**
         * The owner (an entity reference, `group:default/platform`) of the clusters, of the
         * templates, and of every environment that `environmentOwners` does not name, with
         * its deployments. `group:default/styrmin-admins` by default.
         */
        defaultOwner?: string;
        /**
         * The owner of an environment and its deployments, by environment name:
         * `{ dev: group:default/team-a }`.
         */
        environmentOwners?: { [environmentName: string]: string };
      };
    };
  };
}
