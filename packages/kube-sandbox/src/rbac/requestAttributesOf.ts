import { RequestTarget } from '../server/parseRequestPath';
import { verbOf } from '../server/requestOptions';
import { RequestAttributes } from './RequestAttributes';

/**
 * A request's attributes as the apiserver's RequestInfoFactory derives them from the method
 * and the path: resource requests by their verb (get/list/watch, create, update, patch,
 * delete/deletecollection), everything else by the lower-case method and the path.
 */
export function requestAttributesOf(
  method: string,
  pathname: string,
  target: RequestTarget,
  query: URLSearchParams,
): RequestAttributes {
  if (target.kind !== 'resource') {
    return {
      resourceRequest: false,
      verb: method.toLowerCase(),
      path: pathname,
    };
  }
  const resource = target.resource;
  // `namespaces/<name>` is in the namespace <name>, so that a RoleBinding there may grant it.
  const namespace =
    resource.plural === 'namespaces' && resource.group === ''
      ? resource.name
      : resource.namespace;
  return {
    resourceRequest: true,
    verb: verbOf(method, resource, query),
    apiGroup: resource.group,
    apiVersion: resource.version,
    resource: resource.plural,
    ...(resource.subresource ? { subresource: resource.subresource } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
    ...(resource.name !== undefined ? { name: resource.name } : {}),
  };
}
