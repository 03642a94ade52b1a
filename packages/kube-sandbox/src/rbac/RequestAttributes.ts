/** Who sends a request, as an authenticator tells the apiserver. */
export interface UserInfo {
  name: string;
  groups: string[];
}

/**
 * What a request asks to do, as the apiserver's RequestInfo and authorizer.Attributes put it:
 * a resource request (verb on group/resource[/subresource], in a namespace, maybe by name) or a
 * request for a path outside the resources (verb the lower-case HTTP method).
 */
export type RequestAttributes =
  | {
      resourceRequest: true;
      verb: string;
      apiGroup: string;
      apiVersion: string;
      resource: string;
      subresource?: string;
      /** Unset at the cluster scope; a namespace's own name for `namespaces/<name>`. */
      namespace?: string;
      /** Unset for collections and creates. */
      name?: string;
    }
  | { resourceRequest: false; verb: string; path: string };
