import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  DefinitivePolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  decideForRole,
  StyrminRole,
  styrminGraphQLSchema,
} from '@styrmin/plugin-styrmin-common';
import {
  buildSchema,
  getNamedType,
  GraphQLField,
  GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  AGENT_PROTOCOL_PATH,
  createAgentProtocolRouter,
} from '../agentProtocol/createAgentProtocolRouter';

/*
 * The authorization matrix (docs/authorization-matrix.md): every root field of the GraphQL
 * schema and every agent-protocol endpoint of the router, called as each principal, against
 * what authorizationMatrix.json expects. A field or endpoint that the file lacks fails, so a
 * new mutation or endpoint needs its row. STYRMIN_WRITE_AUTHORIZATION_MATRIX=1 writes what
 * was answered into the file instead, for a reviewer to read in the diff.
 *
 * Every call names made-up ids (and minimal valid inputs), so that what passes the
 * authorization check ends NOT_FOUND, VALIDATION_FAILED or CONFLICT; the exceptions are
 * the principals bound to one thing, called with that thing's real ids (the action token
 * with its own deployment's, which it may change, or another's; the agents with the first
 * cluster's run, deployment and bundle, under a lease that is not theirs) and
 * CALLS_ON_TARGET. NOT_FOUND of a real id of another's is HIDDEN. One backend on SQLite
 * serves every principal: the cells' answers do not depend on one another's writes.
 */

jest.setTimeout(120_000);

const MATRIX_FILE = join(__dirname, 'authorizationMatrix.json');

/** ALLOW, FORBIDDEN, UNAUTHENTICATED, HIDDEN, or `ERROR <status> <codes>`: a defect. */
type Outcome = string;
type Row = Record<string, Outcome>;
type AuthorizationMatrix = {
  principals: Array<{ id: string; title: string; description: string }>;
  outcomes: Record<string, string>;
  graphql: Record<string, Row>;
  agentProtocol: Record<string, Row>;
};

/** The users' roles, decided by the role policy's table as the permission module does. */
const USER_ROLES: Record<string, StyrminRole> = {
  'user:default/admin': 'administrator',
  'user:default/operator': 'operator',
  'user:default/reader': 'readOnly',
};
/** Static tokens' subjects and their `styrmin.roles.services` roles. */
const SERVICE_ROLES: Record<string, StyrminRole> = {
  'styrminctl-local': 'administrator',
  'ci-reader': 'readOnly',
};

const MADE_UP_ID = '00000000-0000-4000-8000-00000000a0a0';
const MADE_UP_DIGEST = `sha256:${'0'.repeat(64)}`;
/** The owner in every agent request's body: not the lease's, so no run changes. */
const STRANGER = 'matrix-stranger';

/** What a principal sends, and the ids it names. */
type Principal = {
  id: string;
  authorization?: string;
  /** The value of an ID argument of a root field: made up unless the principal is bound. */
  graphqlId: (field: string) => string;
  /** The values of an agent-protocol path's parameters. */
  pathParameter: (name: string) => string;
  /** The real deployment and task of the calls whose check needs real ones. */
  target: Target;
  /** Whether a call names a real id of another's, so that NOT_FOUND is HIDDEN. */
  namesOthers: (call: string) => boolean;
};

type Target = { deployment: { id: string }; task?: { id: string } | null };

/**
 * The calls whose permission depends on the record they name, so that a made-up id would
 * end NOT_FOUND before the check: called on the principal's target, writing a schedule at
 * most (a retry of a task that did not fail is a CONFLICT).
 */
const CALLS_ON_TARGET: Record<string, (target: Target) => string> = {
  'Mutation.retryTask': ({ task }) =>
    `mutation { retryTask(input: { task: "${task!.id}" }) { __typename } }`,
  'Mutation.setBackupSchedule': ({ deployment }) =>
    `mutation { setBackupSchedule(input: { deployment: "${deployment.id}", cron: "@daily" }) { __typename } }`,
  'Mutation.removeBackupSchedule': ({ deployment }) =>
    `mutation { removeBackupSchedule(input: { deployment: "${deployment.id}" }) }`,
};

/** `{ …, __typename }` or nothing, for a field's type. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
}

/** A literal of `type`: the least that validates, with `id` for every ID. */
function literalOf(type: GraphQLInputType, id: string): string {
  if (isNonNullType(type)) {
    return literalOf(type.ofType, id);
  }
  if (isListType(type)) {
    return '[]';
  }
  if (isEnumType(type)) {
    return type.getValues()[0].name;
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter(f =>
      isNonNullType(f.type),
    );
    return `{ ${fields
      .map(f => `${f.name}: ${literalOf(f.type, id)}`)
      .join(', ')} }`;
  }
  switch (type.name) {
    case 'ID':
      return JSON.stringify(id);
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'false';
    case 'JSON':
      return '{}';
    default:
      return '"matrix"';
  }
}

/** The document that calls one root field with its required arguments. */
function documentOf(
  operation: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  id: string,
): string {
  const args = field.args.filter(a => isNonNullType(a.type) || a.name === 'id');
  const list = args.length
    ? `(${args.map(a => `${a.name}: ${literalOf(a.type, id)}`).join(', ')})`
    : '';
  return `${operation} { ${field.name}${list}${selectionOf(field)} }`;
}

/** The methods and paths of the agent protocol, from the router itself. */
function agentProtocolEndpoints(): Array<{ method: string; path: string }> {
  const router = createAgentProtocolRouter({
    logger: mockServices.logger.mock(),
  } as unknown as Parameters<typeof createAgentProtocolRouter>[0]);
  type Layer = {
    route?: { path: string; methods: Record<string, boolean> };
    handle: { stack?: Layer[] };
  };
  const [api] = (router as unknown as { stack: Layer[] }).stack;
  return (api.handle.stack ?? []).flatMap(layer =>
    layer.route
      ? Object.keys(layer.route.methods).map(method => ({
          method: method.toUpperCase(),
          path: layer.route!.path,
        }))
      : [],
  );
}

/** The least valid body of each endpoint, with the stranger's lease. */
function bodyOf(path: string): object | undefined {
  const now = new Date().toISOString();
  const lease = { owner: STRANGER, attempt: 1 };
  const bodies: Array<[RegExp, object]> = [
    [/\/claim$/, { owner: STRANGER }],
    [/\/(heartbeat)$/, lease],
    [/\/steps\/:stepId\/(start|action-token)$/, { ...lease, stepAttempt: 1 }],
    [
      /\/steps\/:stepId\/end$/,
      { ...lease, stepAttempt: 1, status: 'SUCCEEDED' },
    ],
    [/\/steps\/:stepId\/links$/, { ...lease, taskId: MADE_UP_ID }],
    [
      /\/steps\/:stepId\/tasks$/,
      {
        ...lease,
        stepAttempt: 1,
        call: 0,
        flow: 'UPGRADE_INSTANCE',
        driverVersion: '1.0.0',
      },
    ],
    [/\/complete$/, { ...lease, state: 'SUCCEEDED' }],
    [/^\/deployments\//, { observedAt: now, status: {}, pods: [] }],
    [
      /\/backup-storage-locations\/:id/,
      { phase: 'Available', observedAt: now },
    ],
    [/^\/(backups|restores)\//, { phase: 'InProgress', observedAt: now }],
  ];
  return bodies.find(([pattern]) => pattern.test(path))?.[1];
}

/** How an answer classifies: refused by authentication or authorization, or not. */
function outcomeOf(status: number, codes: string[], hides: boolean): Outcome {
  if (status === 401 || codes.includes('UNAUTHENTICATED')) {
    return 'UNAUTHENTICATED';
  }
  if (status === 403 || codes.includes('FORBIDDEN')) {
    return 'FORBIDDEN';
  }
  if (hides && codes.includes('NOT_FOUND')) {
    return 'HIDDEN';
  }
  if (status >= 500 || codes.includes('INTERNAL')) {
    return `ERROR ${status} ${codes.join(',')}`;
  }
  return 'ALLOW';
}

describe('the authorization matrix', () => {
  const databases = createTestDatabases();
  let backend: AgentProtocolBackend;
  let principals: Principal[];

  beforeAll(async () => {
    const knex = await databases.init('SQLITE_3');
    // As Backstage's permission service: users by the role policy, services allowed (a
    // static token restricted to the plugin), narrowed by styrmin.roles.services.
    const permissions = mockServices.permissions.mock({
      authorize: async (requests, { credentials }) =>
        requests.map((request): DefinitivePolicyDecision => {
          const { type, userEntityRef } = credentials.principal as {
            type: string;
            userEntityRef?: string;
          };
          if (type === 'service') {
            return { result: AuthorizeResult.ALLOW };
          }
          const role = USER_ROLES[userEntityRef ?? ''] ?? 'administrator';
          return { result: decideForRole(role, request.permission) };
        }),
    });
    backend = await startAgentProtocolBackend({
      knex,
      load: ['infrahub/1.0.0'],
      permissions: permissions.factory,
      styrminConfig: { roles: { services: SERVICE_ROLES } },
      // A request without credentials is anonymous, as in a real backend.
      features: [
        mockServices.httpAuth.factory({
          defaultCredentials: mockCredentials.none(),
        }),
      ],
    });

    // The first cluster's agent holds a run of `own` whose first step runs; `other` waits.
    const first = await backend.newCluster('first');
    const second = await backend.newCluster('second');
    const own = await first.createInfrahub('own');
    const other = await first.createInfrahub('other');
    const owner = 'matrix-agent';
    const run = (await first.agent.claim({ owner }))!;
    const [step] = run.task.steps;
    const lease = { runId: run.id, owner, attempt: run.attempt };
    await first.agent.startStep({ ...lease, stepId: step.id, stepAttempt: 1 });
    const { token: actionToken } = await first.agent.issueActionToken({
      ...lease,
      stepId: step.id,
      stepAttempt: 1,
    });

    const realParameters: Record<string, string> = {
      runId: run.id,
      stepId: step.id,
      deploymentId: own.deployment.id,
      digest: run.driverVersion!.digest,
    };
    const bearer = (token: string) => `Bearer ${token}`;
    const madeUp: Omit<Principal, 'id' | 'authorization'> = {
      graphqlId: () => MADE_UP_ID,
      pathParameter: name => (name === 'digest' ? MADE_UP_DIGEST : MADE_UP_ID),
      target: other,
      namesOthers: () => false,
    };
    const asAgent = (token: string, others: boolean): Principal => ({
      ...madeUp,
      id: others ? 'otherClusterAgent' : 'clusterAgent',
      authorization: bearer(token),
      pathParameter: name => realParameters[name] ?? madeUp.pathParameter(name),
      namesOthers: path =>
        others &&
        Object.keys(realParameters).some(name => path.includes(`:${name}`)),
    });
    const asAction = (
      id: string,
      target: Target,
      others: boolean,
    ): Principal => ({
      ...madeUp,
      id,
      authorization: bearer(actionToken),
      graphqlId: field =>
        field === 'Query.task' ? target.task!.id : target.deployment.id,
      target,
      namesOthers: () => others,
    });
    const service = (subject: string) =>
      bearer(
        mockCredentials.service.token({
          onBehalfOf: mockCredentials.service(subject),
          targetPluginId: 'styrmin',
        }),
      );
    principals = [
      ...Object.entries(USER_ROLES).map(([user, role]) => ({
        ...madeUp,
        id: role,
        authorization: mockCredentials.user.header(user),
      })),
      { ...madeUp, id: 'anonymous' },
      {
        ...madeUp,
        id: 'styrminctlService',
        authorization: service('styrminctl-local'),
      },
      {
        ...madeUp,
        id: 'readOnlyService',
        authorization: service('ci-reader'),
      },
      asAgent(first.agentToken, false),
      asAgent(second.agentToken, true),
      asAction('actionTokenOwnDeployment', own, false),
      asAction('actionTokenOtherDeployment', other, true),
    ];
  });

  afterAll(() => backend?.stop());

  async function callGraphQL(
    principal: Principal,
    field: string,
    document: string,
  ) {
    const response = await fetch(`${backend.serverUrl}/api/styrmin/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(principal.authorization
          ? { authorization: principal.authorization }
          : {}),
      },
      body: JSON.stringify({ query: document }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      errors?: Array<{ extensions?: { code?: string } }>;
      error?: { code?: string; name?: string };
    };
    const codes = [
      ...(body.errors ?? []).map(e => e.extensions?.code ?? ''),
      ...(body.error ? [body.error.code ?? body.error.name ?? ''] : []),
    ];
    return outcomeOf(response.status, codes, principal.namesOthers(field));
  }

  async function callAgentProtocol(
    principal: Principal,
    endpoint: { method: string; path: string },
  ) {
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(principal.pathParameter(name)),
    );
    const body = bodyOf(endpoint.path);
    const response = await fetch(
      `${backend.serverUrl}/api/styrmin${AGENT_PROTOCOL_PATH}${path}`,
      {
        method: endpoint.method,
        headers: {
          'content-type': 'application/json',
          ...(principal.authorization
            ? { authorization: principal.authorization }
            : {}),
        },
        body: body && JSON.stringify(body),
      },
    );
    const answer = (await response.json().catch(() => ({}))) as {
      error?: { code?: string };
    };
    return outcomeOf(
      response.status,
      [answer.error?.code ?? ''],
      principal.namesOthers(endpoint.path),
    );
  }

  it('answers every root field and endpoint as authorizationMatrix.json says', async () => {
    const expected = JSON.parse(
      readFileSync(MATRIX_FILE, 'utf8'),
    ) as AuthorizationMatrix;
    expect(expected.principals.map(p => p.id)).toEqual(
      principals.map(p => p.id),
    );

    const schema = buildSchema(styrminGraphQLSchema);
    const roots = [
      ['query', schema.getQueryType()!],
      ['mutation', schema.getMutationType()!],
    ] as const;
    const graphql: Record<string, Row> = {};
    for (const [operation, type] of roots) {
      for (const field of Object.values(type.getFields())) {
        const name = `${type.name}.${field.name}`;
        graphql[name] = {};
        for (const principal of principals) {
          graphql[name][principal.id] = await callGraphQL(
            principal,
            name,
            CALLS_ON_TARGET[name]?.(principal.target) ??
              documentOf(operation, field, principal.graphqlId(name)),
          );
        }
      }
    }

    const agentProtocol: Record<string, Row> = {};
    const endpoints = agentProtocolEndpoints();
    expect(endpoints.length).toBeGreaterThan(10);
    for (const endpoint of endpoints) {
      const name = `${endpoint.method} ${endpoint.path}`;
      agentProtocol[name] = {};
      for (const principal of principals) {
        agentProtocol[name][principal.id] = await callAgentProtocol(
          principal,
          endpoint,
        );
      }
    }

    if (process.env.STYRMIN_WRITE_AUTHORIZATION_MATRIX === '1') {
      writeFileSync(
        MATRIX_FILE,
        `${JSON.stringify({ ...expected, graphql, agentProtocol }, null, 2)}\n`,
      );
    }
    expect({ graphql, agentProtocol }).toEqual({
      graphql: expected.graphql,
      agentProtocol: expected.agentProtocol,
    });
  });
});
