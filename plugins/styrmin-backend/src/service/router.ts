import {
  AuditorService,
  HttpAuthService,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import express from 'express';
import Router from 'express-promise-router';
import { graphQLCaller } from './graphQLCaller';
import { ActionTokenStore } from '../actionTokens/ActionTokenStore';
import { ServerInfoStore } from '../database/ServerInfoStore';
import { DriverLoader } from '../drivers/DriverLoader';
import { StyrminGraphQLErrorExtensions } from '../graphql/formatError';
import {
  StyrminGraphQL,
  StyrminGraphQLRecords,
} from '../graphql/StyrminGraphQL';
import { StyrminGraphQLRequest } from '../graphql/types';

/**
 * The largest request body accepted. GraphQL documents and their variables are small;
 * anything bigger is a mistake or an attack. The largest is a driver archive that a client
 * sends: MAX_DRIVER_ARCHIVE_BYTES of @styrmin/plugin-styrmin-node fits, in base64.
 */
const MAX_BODY_SIZE = '1mb';

/**
 * Options of {@link createRouter}.
 *
 * @internal
 */
export type RouterOptions = {
  httpAuth: HttpAuthService;
  logger: LoggerService;
  permissions: PermissionsService;
  auditor: AuditorService;
  serverInfo: ServerInfoStore;
  drivers: { loader: DriverLoader };
  records: StyrminGraphQLRecords;
  /** The API tokens of driver actions, which act on one deployment each. */
  actionTokens: ActionTokenStore;
  /** Called with the names of the mutations a request made (see StyrminGraphQL). */
  onMutations?: (mutations: string[]) => void;
};

/**
 * The plugin's HTTP API: `POST /graphql` (GraphQL over HTTP, JSON in and out), for
 * Backstage's users and services and for driver actions with their API tokens
 * (`graphQLCaller`: the plugin opens the path to Backstage's auth policy, and this router
 * authenticates every request itself).
 *
 * Every response to a well-formed GraphQL request is 200, its errors in `errors`, as the
 * GraphQL-over-HTTP specification asks for `application/json` responses. A body that is
 * not a GraphQL request at all is 400 (413 when too large), in the same shape.
 *
 * @internal
 */
export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  const {
    httpAuth,
    logger,
    permissions,
    auditor,
    serverInfo,
    drivers,
    records,
    actionTokens,
    onMutations,
  } = options;
  const graphql = StyrminGraphQL.create({
    serverInfo,
    drivers,
    records,
    permissions,
    auditor,
    logger,
    onMutations,
  });

  const router = Router();
  router.use(express.json({ limit: MAX_BODY_SIZE }));

  router.post('/graphql', async (req, res) => {
    const caller = await graphQLCaller({ httpAuth, actionTokens }, req);
    const request = readGraphQLRequest(req.body);
    if (typeof request === 'string') {
      res.status(400).json(requestErrorBody(request));
      return;
    }
    res.json(await graphql.execute(request, caller));
  });

  // express.json() rejects malformed and oversized bodies before any route runs; answer
  // those in the GraphQL shape too, and leave every other error to Backstage's handler.
  router.use(
    (
      error: unknown,
      _req: express.Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      if (!isBodyParserError(error)) {
        next(error);
        return;
      }
      res.status(error.status).json(requestErrorBody(error.message));
    },
  );

  return router;
}

/** Returns the request, or why the body is not one. */
function readGraphQLRequest(body: unknown): StyrminGraphQLRequest | string {
  if (!isRecord(body) || typeof body.query !== 'string') {
    return 'The body must be a JSON object with the GraphQL document in "query"';
  }
  const { query, variables, operationName } = body;
  if (variables !== undefined && variables !== null && !isRecord(variables)) {
    return '"variables" must be a JSON object';
  }
  if (
    operationName !== undefined &&
    operationName !== null &&
    typeof operationName !== 'string'
  ) {
    return '"operationName" must be a string';
  }
  return {
    query,
    variables: variables ?? undefined,
    operationName: operationName ?? undefined,
  };
}

function requestErrorBody(message: string): {
  errors: Array<{ message: string; extensions: StyrminGraphQLErrorExtensions }>;
} {
  return { errors: [{ message, extensions: { code: 'VALIDATION_FAILED' } }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * body-parser's errors are http-errors: `expose` marks a client error whose message is
 * safe to return ("request entity too large", the JSON syntax error).
 */
function isBodyParserError(
  error: unknown,
): error is { status: number; message: string } {
  return (
    isRecord(error) &&
    typeof error.type === 'string' &&
    error.expose === true &&
    typeof error.status === 'number' &&
    typeof error.message === 'string'
  );
}
