import {
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
} from '@backstage/backend-plugin-api';

/**
 * Who made a request, as records keep it (`loaded_by`, `created_by`): the user's entity
 * ref, or the subject of a service (`external:styrminctl-local` for a static token).
 *
 * @internal
 */
export function callerRef(
  credentials: BackstageCredentials<
    BackstageUserPrincipal | BackstageServicePrincipal
  >,
): string {
  const { principal } = credentials;
  return principal.type === 'user'
    ? principal.userEntityRef
    : principal.subject;
}
