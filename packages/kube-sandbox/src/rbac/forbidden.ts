import { ApiError } from '../api/ApiError';
import { RequestAttributes, UserInfo } from './RequestAttributes';

/**
 * The apiserver's 403 for a request no rule allows (endpoints/handlers/responsewriters
 * ForbiddenStatusError and apierrors.NewForbidden): `<resource>[.<group>] ["<name>"] is
 * forbidden: User "<user>" cannot <verb> resource "<resource>[/<sub>]" in API group "<group>"
 * in the namespace "<ns>"` (or `at the cluster scope`), the authorizer's reason appended, and
 * details naming the resource (without its subresource) and the object.
 */
export function forbidden(
  user: UserInfo,
  request: RequestAttributes,
  reason: string,
): ApiError {
  let why: string;
  if (!request.resourceRequest) {
    why = `User "${user.name}" cannot ${request.verb} path "${request.path}"`;
  } else {
    const resource = request.subresource
      ? `${request.resource}/${request.subresource}`
      : request.resource;
    const scope = request.namespace
      ? `in the namespace "${request.namespace}"`
      : 'at the cluster scope';
    why = `User "${user.name}" cannot ${request.verb} resource "${resource}" in API group "${request.apiGroup}" ${scope}`;
  }
  if (reason) {
    why = `${why}: ${reason}`;
  }
  if (!request.resourceRequest) {
    return new ApiError({
      message: `forbidden: ${why}`,
      reason: 'Forbidden',
      details: {},
      code: 403,
    });
  }
  const qualified = request.apiGroup
    ? `${request.resource}.${request.apiGroup}`
    : request.resource;
  return new ApiError({
    message: request.name
      ? `${qualified} "${request.name}" is forbidden: ${why}`
      : `${qualified} is forbidden: ${why}`,
    reason: 'Forbidden',
    details: {
      ...(request.name ? { name: request.name } : {}),
      ...(request.apiGroup ? { group: request.apiGroup } : {}),
      kind: request.resource,
    },
    code: 403,
  });
}
