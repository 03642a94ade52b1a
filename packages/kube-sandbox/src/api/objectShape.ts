import { groupVersion } from '../resources/ResourceType';
import { KubeObject } from '../store/types';
import { isPlainObject } from '../util/json';
import { ApiError } from './ApiError';
import { RequestScope } from './types';

/** A request body that must be an object. */
export function asObject(body: unknown): KubeObject {
  if (!isPlainObject(body)) {
    throw ApiError.badRequest('the body of the request must be a JSON object');
  }
  return body as KubeObject;
}

/** An object in the version the client asked for (stored objects carry the storage version). */
export function presentObject(
  scope: RequestScope,
  object: KubeObject,
): KubeObject {
  const apiVersion = groupVersion(
    scope.type.group,
    scope.version ?? scope.type.storageVersion,
  );
  return object.apiVersion === apiVersion ? object : { ...object, apiVersion };
}

/** A list item of a built-in type: the apiserver's typed lists carry bare items. */
export function withoutTypeMeta(object: KubeObject): KubeObject {
  const { apiVersion: _a, kind: _k, ...rest } = object;
  return rest as KubeObject;
}

/** The body's name and namespace must be the URL's (or absent). */
export function checkIdentity(
  scope: RequestScope,
  name: string,
  body: KubeObject,
): void {
  const bodyName = body.metadata?.name;
  if (bodyName !== undefined && bodyName !== name) {
    throw ApiError.badRequest(
      `the name of the object (${bodyName}) does not match the name on the URL (${name})`,
    );
  }
  const bodyNamespace = body.metadata?.namespace;
  if (
    scope.type.namespaced &&
    bodyNamespace &&
    bodyNamespace !== scope.namespace
  ) {
    throw ApiError.badRequest(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
}
