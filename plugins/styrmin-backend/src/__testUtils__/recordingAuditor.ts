import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import {
  AuditorEvent,
  DefaultAuditorService,
} from '@backstage/backend-defaults/auditor';

/**
 * Backstage's own auditor for a test backend, its events pushed to `events` instead of
 * logged: what a test of audit events asserts on.
 */
export function recordingAuditorFactory(events: AuditorEvent[]) {
  return createServiceFactory({
    service: coreServices.auditor,
    deps: {
      auth: coreServices.auth,
      httpAuth: coreServices.httpAuth,
      plugin: coreServices.pluginMetadata,
    },
    factory: deps =>
      DefaultAuditorService.create(event => {
        events.push(event);
      }, deps),
  });
}
