export interface Config {
  styrmin?: {
    /**
     * Who holds which Styrmin role. Entries are entity references of users or groups
     * (`user:default/ada`, `group:default/platform`); a user holds the strongest role that
     * any of their ownership references (themselves and their groups) is listed under.
     */
    roles?: {
      /** Manage clusters, environments and drivers, and everything operators may do. */
      administrators?: string[];
      /**
       * Create, change and delete deployments, and back them up and restore them: in every
       * environment for an entity reference, or in some environments only for a grant
       * `{ group | user, environments?, ownedEnvironments? }` (the environments of these
       * names, and/or those whose catalog entity the user or one of their groups owns).
       */
      operators?: Array<
        | string
        | {
            group?: string;
            user?: string;
            environments?: string[];
            ownedEnvironments?: boolean;
          }
      >;
      /** Read everything and change nothing. */
      readOnly?: string[];
      /**
       * The role of a signed-in user listed nowhere: `readOnly` (the default) or `none`,
       * which refuses them everything.
       */
      default?: 'readOnly' | 'none';
    };
  };
}
