import { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../api/ApiError';
import { VolumeContents } from '../volumes/VolumeContents';
import { readRequestBody } from './requestBody';
import { respondJson } from './respond';

/** Answers a request under `/sandbox/`, the sandbox's own API beside Kubernetes'. */
export type SandboxRequestHandler = (options: {
  pathname: string;
  request: IncomingMessage;
  response: ServerResponse;
}) => Promise<void>;

const FILES =
  /^\/sandbox\/v1\/namespaces\/([^/]+)\/persistentvolumeclaims\/([^/]+)\/files(?:\/(.*))?$/;

/**
 * The contents of PersistentVolumeClaims over HTTP, for tests and tools outside the process:
 * `GET …/persistentvolumeclaims/<claim>/files` lists them (`{kind: "VolumeFileList", items:
 * [{path, size}]}`), and `GET`, `PUT` (the body is the content) and `DELETE` on
 * `…/files/<path>` read, write and remove one file. Under `/sandbox/v1/namespaces/<ns>/`,
 * with the same bearer token as the Kubernetes API; errors are Status objects.
 */
export function createVolumeRoutes(
  contents: VolumeContents,
): SandboxRequestHandler {
  return async ({ pathname, request, response }) => {
    const match = FILES.exec(pathname);
    if (!match) {
      throw ApiError.pathNotFound();
    }
    const [namespace, claim] = [match[1], match[2]].map(decodeURIComponent);
    const file = match[3] ? decodeURIComponent(match[3]) : undefined;
    const method = request.method ?? 'GET';
    if (file === undefined) {
      if (method !== 'GET') {
        throw notAllowed();
      }
      respondJson(response, 200, {
        kind: 'VolumeFileList',
        apiVersion: 'sandbox/v1',
        items: await contents.list(namespace, claim),
      });
      return;
    }
    switch (method) {
      case 'GET': {
        const content = await contents.read(namespace, claim, file);
        response.writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': content.length,
        });
        response.end(content);
        return;
      }
      case 'PUT': {
        const content = await readRequestBody(request);
        await contents.write(namespace, claim, file, content);
        respondJson(response, 200, { path: file, size: content.length });
        return;
      }
      case 'DELETE':
        await contents.remove(namespace, claim, file);
        respondJson(response, 200, {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Success',
        });
        return;
      default:
        throw notAllowed();
    }
  };
}

function notAllowed(): ApiError {
  return ApiError.methodNotAllowed(
    'the server does not allow this method on the requested resource',
  );
}
