import { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxApi } from '../api/SandboxApi';
import { RequestScope } from '../api/types';
import type { PodLogHandler } from './ApiServer';
import { ResourceRequest } from './parseRequestPath';
import { decodeObjectBody, readRequestBody } from './requestBody';
import { respondJson } from './respond';

/**
 * The subresources that are not objects of their own: `pods/<name>/log`, `pods/<name>/binding`
 * and `namespaces/<name>/finalize`. Returns whether it answered the request.
 */
export async function serveSpecialSubresource(options: {
  api: SandboxApi;
  podLogHandler?: PodLogHandler;
  scope: RequestScope;
  target: ResourceRequest;
  method: string;
  query: URLSearchParams;
  request: IncomingMessage;
  response: ServerResponse;
}): Promise<boolean> {
  const {
    api,
    podLogHandler,
    scope,
    target,
    method,
    query,
    request,
    response,
  } = options;
  const { name, subresource } = target;
  const type = scope.type;
  if (subresource === 'log' && type.plural === 'pods' && method === 'GET') {
    api.get(scope, name!);
    if (podLogHandler) {
      podLogHandler({
        namespace: target.namespace!,
        name: name!,
        query,
        response,
      });
    } else {
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('');
    }
    return true;
  }
  if (
    subresource === 'binding' &&
    type.plural === 'pods' &&
    method === 'POST'
  ) {
    const body = decodeObjectBody(
      await readRequestBody(request),
      request.headers['content-type'],
    ) as any;
    api.bindPod(target.namespace!, name!, body?.target?.name);
    respondJson(response, 201, {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      code: 201,
    });
    return true;
  }
  if (
    subresource === 'finalize' &&
    type.plural === 'namespaces' &&
    method === 'PUT'
  ) {
    const body = decodeObjectBody(
      await readRequestBody(request),
      request.headers['content-type'],
    );
    respondJson(response, 200, api.finalizeNamespace(name!, body));
    return true;
  }
  return false;
}
