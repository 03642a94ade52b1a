import { createRouteRef } from '@backstage/core-plugin-api';

/**
 * The Styrmin page. A legacy route ref, which the new frontend system accepts too.
 */
export const rootRouteRef = createRouteRef({
  id: 'styrmin',
});
