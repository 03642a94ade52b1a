import {
  createServiceFactory,
  createServiceRef,
} from '@backstage/backend-plugin-api';
import { Clock, systemClock } from './Clock';

/**
 * The clock the plugin's stores and the agent protocol read: the system clock, unless a test
 * installs a clock of its own with a service factory, so that it can let a lease run out
 * without waiting for it.
 *
 * @internal
 */
export const styrminClockServiceRef = createServiceRef<Clock>({
  id: 'styrmin.clock',
  defaultFactory: async service =>
    createServiceFactory({
      service,
      deps: {},
      factory: () => systemClock,
    }),
});
