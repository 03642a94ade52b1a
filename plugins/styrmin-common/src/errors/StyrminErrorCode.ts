import { defineDomainEnum } from '../domain/domainEnum';

/**
 * The one enum of error codes. The GraphQL API carries it in `extensions.code`, styrminctl
 * prints it and exits non-zero, and the UI shows it next to the field at fault.
 *
 * @public
 */
export const StyrminErrorCode = defineDomainEnum('error code', {
  UNAUTHENTICATED: 'The request carries no valid credentials.',
  FORBIDDEN: 'The caller lacks the permission the operation needs.',
  NOT_FOUND: 'The record the request names does not exist.',
  VALIDATION_FAILED:
    'The input breaks a rule of the specification; nothing was written.',
  CONFLICT:
    'The request conflicts with the stored state (for example, a changed record or an immutable version).',
  COMPONENT_CONTAINER_NOT_DECLARED:
    'A component-scope override targets a component whose driver declares no component container.',
  COMPONENT_CONTAINER_NOT_FOUND:
    'The component container that the driver declares is not rendered by the chart.',
  SINGLETON_REPLICA_OVERRIDE:
    'A replica override above 1 on a singleton component.',
  RETIRED_PARAMETER_VALUE:
    'The target driver version no longer declares a parameter whose value differs from its default.',
  VALUES_TEMPLATE_TOO_EXPENSIVE:
    "A driver's values template went past the limits of one render (time, work, output size or call depth).",
  SECRET_KEY_UNKNOWN:
    'A secret value in the database is sealed under a key that styrmin.secrets.keys does not list, or that does not open it.',
  UTILITY_READ_ONLY:
    'A utility (the ingress controller, service discovery, ... that Styrmin deploys on each cluster) is managed by Styrmin alone: nobody creates, edits, upgrades or deletes one, nor loads a driver under its name.',
  UNAVAILABLE:
    'A dependency of the server (for example, its database) cannot be reached.',
  INTERNAL: 'An unexpected server error; the details are in the server log.',
});

/** @public */
export type StyrminErrorCode = (typeof StyrminErrorCode.values)[number];
