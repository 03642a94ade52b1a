import { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, Server } from 'node:https';
import { AddressInfo } from 'node:net';
import { ApiError } from '../api/ApiError';
import { SandboxApi } from '../api/SandboxApi';
import { RequestScope } from '../api/types';
import { RequestGuard } from '../rbac/RequestGuard';
import { RequestLog, RequestRecord } from './RequestLog';
import { answerAccessReview, isAccessReview } from './accessReviews';
import { ActiveWatches } from './ActiveWatches';
import {
  apiGroupDocument,
  apiGroupList,
  apiResourceList,
  apiVersions,
  versionInfo,
} from './discovery';
import { FaultInjector } from './FaultInjector';
import { openApiV3ForPath, openApiV3Root } from './openapi';
import { parseRequestPath, ResourceRequest } from './parseRequestPath';
import {
  decodeObjectBody,
  decodeOptionalBody,
  decodePatchBody,
  patchTypeOf,
  readRequestBody,
} from './requestBody';
import {
  deleteOptions,
  flag,
  listOptions,
  managerFromUserAgent,
  verbOf,
} from './requestOptions';
import { notFound, respondJson, respondWithError } from './respond';
import { serveWatch } from './serveWatch';
import { serveSpecialSubresource } from './specialSubresources';
import { SandboxRequestHandler } from './volumeRoutes';
import { toTable, wantsTable } from './toTable';
import { Certificate, selfSignedCertificate } from './selfSignedCertificate';

export interface ApiServerOptions {
  api: SandboxApi;
  /** The bearer token clients must send. */
  token: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** How often watches that allow bookmarks get one. Default 60 s, like the apiserver. */
  bookmarkIntervalMs?: number;
  /** Serves `pods/<name>/log`; without it, logs are empty. */
  podLogHandler?: PodLogHandler;
  /** Serves the sandbox's own API under `/sandbox/`; without it, 404. */
  sandboxHandler?: SandboxRequestHandler;
}

/** Answers `GET pods/<name>/log`; writes the response itself (plain text, maybe streamed). */
export type PodLogHandler = (options: {
  namespace: string;
  name: string;
  query: URLSearchParams;
  response: ServerResponse;
}) => void;

export type { RequestRecord } from './RequestLog';

/**
 * The sandbox's Kubernetes API over real HTTPS on loopback: routing, authentication, content
 * negotiation and the wire format; the rules themselves live in SandboxApi. TLS because
 * client-go (kubectl) never sends credentials to an `http://` server.
 */
export class ApiServer {
  readonly #api: SandboxApi;
  /** Authentication and RBAC: who may do what, and what was decided. */
  readonly guard: RequestGuard;
  readonly #server: Server;
  readonly #watches = new ActiveWatches();
  readonly #bookmarkIntervalMs: number;
  readonly #podLogHandler?: PodLogHandler;
  readonly #sandboxHandler?: SandboxRequestHandler;
  readonly #requests = RequestLog.create();
  readonly faults: FaultInjector;
  /** The server's certificate, its own CA: what clients must trust. */
  readonly certificate: Certificate;
  #url = '';

  private constructor(options: ApiServerOptions) {
    this.#api = options.api;
    this.guard = RequestGuard.create({
      store: options.api.store,
      adminToken: options.token,
    });
    this.#bookmarkIntervalMs = options.bookmarkIntervalMs ?? 60_000;
    this.#podLogHandler = options.podLogHandler;
    this.#sandboxHandler = options.sandboxHandler;
    this.faults = FaultInjector.create({
      watches: this.#watches,
      store: options.api.store,
    });
    this.certificate = selfSignedCertificate();
    this.#server = createServer(this.certificate, (request, response) => {
      this.#handle(request, response).catch(error =>
        respondWithError(response, error),
      );
    });
  }

  static async create(options: ApiServerOptions): Promise<ApiServer> {
    const server = new ApiServer(options);
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(
                `port ${options.port} on ${host} is taken: another process listens there (stop it, or choose another port)`,
                { cause: error },
              )
            : error,
        ),
      );
      server.#server.listen(options.port ?? 0, host, () => resolve());
    });
    const address = server.#server.address() as AddressInfo;
    server.#url = `https://${address.address}:${address.port}`;
    return server;
  }

  get url(): string {
    return this.#url;
  }

  /** The most recent requests (up to 1000), oldest first. */
  get requests(): readonly RequestRecord[] {
    return this.#requests.records;
  }

  /** Every request since the start, counted by user, verb and resource. */
  get requestCounts(): ReadonlyMap<string, number> {
    return this.#requests.counts;
  }

  /** How many watch streams are open. */
  get openWatches(): number {
    return this.#watches.size;
  }

  /** Ends every watch, closes every connection and stops listening. */
  async stop(): Promise<void> {
    this.#watches.select().forEach(w => w.end());
    await new Promise<void>(resolve => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  async #handle(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const user = this.guard.authenticate(request.headers.authorization);
    this.#requests.record(request, url, user?.name, response);

    const target = parseRequestPath(url.pathname);
    if (target.kind === 'health') {
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
      return;
    }
    const method = request.method ?? 'GET';
    this.guard.admit(user, { method, url, target });
    if (url.pathname.startsWith('/sandbox/') && this.#sandboxHandler) {
      await this.#sandboxHandler({ pathname: url.pathname, request, response });
      return;
    }
    if (request.method !== 'GET' && target.kind !== 'resource') {
      throw ApiError.methodNotAllowed(
        'the server does not allow this method on the requested resource',
      );
    }
    const registry = this.#api.registry;
    switch (target.kind) {
      case 'version':
        respondJson(response, 200, versionInfo());
        return;
      case 'coreVersions':
        respondJson(response, 200, apiVersions(request.headers.host ?? ''));
        return;
      case 'groups':
        respondJson(response, 200, apiGroupList(registry));
        return;
      case 'group':
        respondJson(
          response,
          200,
          apiGroupDocument(registry, target.group) ?? notFound(),
        );
        return;
      case 'resources':
        respondJson(
          response,
          200,
          apiResourceList(registry, target.group, target.version) ?? notFound(),
        );
        return;
      case 'openapiV3':
        respondJson(
          response,
          200,
          target.path === undefined
            ? openApiV3Root(registry)
            : openApiV3ForPath(registry, target.path) ?? notFound(),
        );
        return;
      case 'resource':
        if (isAccessReview(target.resource)) {
          const body = decodeObjectBody(
            await readRequestBody(request),
            request.headers['content-type'],
          );
          respondJson(
            response,
            201,
            answerAccessReview({
              target: target.resource,
              method,
              body,
              user,
              authorizer: this.guard.authorizer,
            }),
          );
          return;
        }
        await this.#handleResource(
          target.resource,
          url.searchParams,
          request,
          response,
        );
        return;
      default:
        throw ApiError.pathNotFound();
    }
  }

  async #handleResource(
    target: ResourceRequest,
    query: URLSearchParams,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const type = this.#api.registry.find(
      target.group,
      target.version,
      target.plural,
    );
    if (!type || (type.namespaced ? false : target.namespace !== undefined)) {
      throw ApiError.pathNotFound();
    }
    if (
      type.namespaced &&
      target.namespace === undefined &&
      target.name !== undefined
    ) {
      throw ApiError.pathNotFound();
    }
    const scope: RequestScope = {
      type,
      version: target.version,
      namespace: target.namespace,
    };
    const { name, subresource } = target;
    const method = request.method ?? 'GET';
    const verb = verbOf(method, target, query);
    await this.faults.apply({
      verb,
      group: type.group,
      plural: type.plural,
      subresource,
      namespace: target.namespace,
      name,
    });
    const dryRun = query.getAll('dryRun').includes('All');
    const table = wantsTable(request.headers.accept);
    const fieldManager =
      query.get('fieldManager') ??
      managerFromUserAgent(request.headers['user-agent']);
    const selection = listOptions(query);

    if (
      await serveSpecialSubresource({
        api: this.#api,
        podLogHandler: this.#podLogHandler,
        scope,
        target,
        method,
        query,
        request,
        response,
      })
    ) {
      return;
    }
    switch (verb) {
      case 'watch':
        serveWatch({
          api: this.#api,
          scope,
          watchOptions: {
            resourceVersion: query.get('resourceVersion') ?? undefined,
            labelSelector: selection.labelSelector,
            fieldSelector: selection.fieldSelector,
            allowWatchBookmarks: flag(query, 'allowWatchBookmarks'),
            sendInitialEvents: flag(query, 'sendInitialEvents'),
          },
          timeoutSeconds: query.has('timeoutSeconds')
            ? Number(query.get('timeoutSeconds'))
            : undefined,
          bookmarkIntervalMs: this.#bookmarkIntervalMs,
          asTable: table
            ? object =>
                toTable(type, [object], {
                  includeObject: query.get('includeObject') ?? undefined,
                })
            : undefined,
          watches: this.#watches,
          request,
          response,
        });
        return;
      case 'list': {
        const list = this.#api.list(scope, selection);
        respondJson(
          response,
          200,
          table
            ? toTable(type, list.items, {
                ...list.metadata,
                includeObject: query.get('includeObject') ?? undefined,
              })
            : list,
        );
        return;
      }
      case 'get': {
        const object = this.#api.get(scope, name!, subresource);
        respondJson(
          response,
          200,
          table && !subresource
            ? toTable(type, [object], {
                includeObject: query.get('includeObject') ?? undefined,
              })
            : object,
        );
        return;
      }
      case 'create': {
        if (name !== undefined) {
          throw ApiError.methodNotAllowed(
            'the server does not allow this method on the requested resource',
          );
        }
        const body = decodeObjectBody(
          await readRequestBody(request),
          request.headers['content-type'],
        );
        const { object } = this.#api.create(scope, body, {
          dryRun,
          fieldManager,
        });
        respondJson(response, 201, object);
        return;
      }
      case 'update': {
        const body = decodeObjectBody(
          await readRequestBody(request),
          request.headers['content-type'],
        );
        const { object } = this.#api.update(scope, name!, body, {
          dryRun,
          fieldManager,
          subresource,
        });
        respondJson(response, 200, object);
        return;
      }
      case 'patch': {
        const patchType = patchTypeOf(
          request.headers['content-type'],
          type.builtin,
        );
        const body = decodePatchBody(await readRequestBody(request), patchType);
        const { object, created } = this.#api.patch(
          scope,
          name!,
          patchType,
          body,
          {
            dryRun,
            fieldManager:
              query.get('fieldManager') ??
              (patchType === 'apply' ? undefined : fieldManager),
            subresource,
            force: flag(query, 'force'),
          },
        );
        respondJson(response, created ? 201 : 200, object);
        return;
      }
      case 'delete': {
        const options = deleteOptions(
          decodeOptionalBody(
            await readRequestBody(request),
            request.headers['content-type'],
          ),
          query,
        );
        respondJson(
          response,
          200,
          this.#api.delete(scope, name!, options).body,
        );
        return;
      }
      case 'deletecollection': {
        const options = deleteOptions(
          decodeOptionalBody(
            await readRequestBody(request),
            request.headers['content-type'],
          ),
          query,
        );
        respondJson(
          response,
          200,
          this.#api.deleteCollection(scope, selection, options),
        );
        return;
      }
      default:
        throw ApiError.methodNotAllowed(
          'the server does not allow this method on the requested resource',
        );
    }
  }
}
