/**
 * The Styrmin portal UI. This entry point serves legacy apps and shares the API; apps on
 * the new frontend system use the default export of `@styrmin/plugin-styrmin/alpha`.
 *
 * @packageDocumentation
 */
// Named exports only: `app.packages: all` installs the default export of both `.` and
// `./alpha`, so the new-system plugin is the default export of `./alpha` alone.
export { styrminPlugin, StyrminPage } from './plugin';
export { styrminApiRef, StyrminClient } from './api';
export type { StyrminApi, StyrminClientOptions } from './api';
