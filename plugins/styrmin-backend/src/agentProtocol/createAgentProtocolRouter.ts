import { NotFoundError } from '@backstage/errors';
import {
  AGENT_PROTOCOL_VERSION,
  AgentBackupStatusReport,
  AgentBackupStorageLocationStatusReport,
  AgentInfo,
  AgentRestoreStatusReport,
} from '@styrmin/plugin-styrmin-common';
import express from 'express';
import Router from 'express-promise-router';
import { z } from 'zod/v4';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { agentErrorHandler } from './agentErrorResponse';
import {
  ActionTokenRequest,
  AGENT_CLAIM_MAX_WAIT_SECONDS,
  ClaimRequest,
  CompleteRunRequest,
  DeploymentStatusRequest,
  EndStepRequest,
  HeartbeatRequest,
  LinkStartedTaskRequest,
  NoBody,
  parseRequest,
  StartStepRequest,
  StartTaskRequest,
} from './agentRequests';
import { AgentRunClaimer } from './AgentRunClaimer';
import {
  AgentCaller,
  agentCaller,
  authenticateAgent,
} from './authenticateAgent';
import { completeRun } from './completeRun';
import { heartbeat } from './heartbeat';
import { issueActionToken } from './issueActionToken';
import { endStep } from './endStep';
import { linkStartedTask } from './linkStartedTask';
import { listBackupStorageLocations } from './listBackupStorageLocations';
import { readBundle } from './readBundle';
import { reportBackupStatus } from './reportBackupStatus';
import { reportBackupStorageLocationStatus } from './reportBackupStorageLocationStatus';
import { reportDeploymentStatus } from './reportDeploymentStatus';
import { reportRestoreStatus } from './reportRestoreStatus';
import { startStep } from './startStep';
import { startTask } from './startTask';

/**
 * Where the agent protocol is mounted in the plugin's router: `/api/styrmin/agent/v1`.
 *
 * @internal
 */
export const AGENT_PROTOCOL_PATH = `/agent/v${AGENT_PROTOCOL_VERSION}`;

/** The largest request body: an output tail of 64 KiB and an error fit many times. */
const MAX_BODY_SIZE = '1mb';

/** The names of the parameters of a route's path: `runId | stepId` of `/runs/:runId/steps/:stepId/start`. */
type PathParameters<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParameters<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * What a route does: a handler of its own (`startStep`, ...) called with the caller, the
 * path's parameters and the parsed body.
 */
type AgentAction<Params extends string, S extends z.ZodType, T> = (
  deps: AgentProtocolDeps,
  options: { caller: AgentCaller } & Record<Params, string> & z.output<S>,
) => Promise<T>;

/**
 * Options of {@link createAgentProtocolRouter}.
 *
 * @internal
 */
export type AgentProtocolRouterOptions = AgentProtocolDeps & {
  claimer: AgentRunClaimer;
};

/**
 * The agent protocol (docs/agent-protocol.md) as an express router for the plugin's HTTP
 * router: every path under {@link AGENT_PROTOCOL_PATH}, each call authenticated with a
 * cluster's agent token and acting for that cluster only, every refusal
 * `{ error: { code, message } }`. The plugin opens `/agent` to calls without Backstage
 * credentials (`httpRouter.addAuthPolicy`); the token check here is the only one.
 *
 * @internal
 */
export function createAgentProtocolRouter(
  options: AgentProtocolRouterOptions,
): express.Router {
  const { claimer, ...deps } = options;
  const api = Router();
  api.use(authenticateAgent(deps));
  api.use(express.json({ limit: MAX_BODY_SIZE }));

  api.get('/info', (_req, res) => {
    const { cluster } = agentCaller(res);
    const info: AgentInfo = {
      protocolVersion: AGENT_PROTOCOL_VERSION,
      cluster: { id: cluster.id, name: cluster.name },
      workPool: cluster.workPool,
      leaseSeconds: deps.leaseSeconds,
      maxWaitSeconds: AGENT_CLAIM_MAX_WAIT_SECONDS,
    };
    res.json(info);
  });

  api.post('/claim', async (req, res) => {
    const { owner, waitSeconds } = parseRequest(ClaimRequest, req.body);
    // The agent gave up waiting (or died): stop, so that nothing is claimed for no one.
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) {
        gone.abort();
      }
    });
    const run = await claimer.claim({
      cluster: agentCaller(res).cluster,
      owner,
      waitSeconds,
      signal: gone.signal,
    });
    if (run) {
      res.json({ run });
    } else {
      res.status(204).end();
    }
  });

  /** A route whose answer is its action's result, as JSON. */
  const route = <Path extends string, S extends z.ZodType, T>(
    method: 'get' | 'post' | 'put',
    path: Path,
    schema: S,
    action: AgentAction<PathParameters<Path>, S, T>,
  ) =>
    api[method](path, async (req, res) => {
      // express has checked that the path has its parameters.
      const input = {
        ...(req.params as Record<string, string>),
        ...(parseRequest(schema, req.body) as object),
        caller: agentCaller(res),
      } as Parameters<typeof action>[1];
      res.json(await action(deps, input));
    });

  route('post', '/runs/:runId/heartbeat', HeartbeatRequest, heartbeat);
  route(
    'post',
    '/runs/:runId/steps/:stepId/start',
    StartStepRequest,
    startStep,
  );
  route('post', '/runs/:runId/steps/:stepId/end', EndStepRequest, endStep);
  route(
    'post',
    '/runs/:runId/steps/:stepId/links',
    LinkStartedTaskRequest,
    linkStartedTask,
  );
  route(
    'post',
    '/runs/:runId/steps/:stepId/tasks',
    StartTaskRequest,
    startTask,
  );
  route(
    'post',
    '/runs/:runId/steps/:stepId/action-token',
    ActionTokenRequest,
    issueActionToken,
  );
  route('post', '/runs/:runId/complete', CompleteRunRequest, completeRun);
  route('get', '/bundles/:digest', NoBody, readBundle);
  route(
    'put',
    '/deployments/:deploymentId/status',
    DeploymentStatusRequest,
    reportDeploymentStatus,
  );
  route('get', '/backup-storage-locations', NoBody, listBackupStorageLocations);
  route(
    'post',
    '/backup-storage-locations/:id/status',
    AgentBackupStorageLocationStatusReport,
    reportBackupStorageLocationStatus,
  );
  route(
    'post',
    '/backups/:backupId/status',
    AgentBackupStatusReport,
    reportBackupStatus,
  );
  route(
    'post',
    '/restores/:restoreId/status',
    AgentRestoreStatusReport,
    reportRestoreStatus,
  );

  api.use((req, _res, next) => {
    next(
      new NotFoundError(
        `The agent protocol has no ${req.method} ${req.path}; see docs/agent-protocol.md`,
      ),
    );
  });

  api.use(agentErrorHandler(deps.logger));

  // Another version, or none: answered in the protocol's shape, before any token check.
  const otherVersions = Router();
  otherVersions.use((req, _res, next) => {
    next(
      new NotFoundError(
        `No agent protocol at ${req.originalUrl}; this server speaks ${AGENT_PROTOCOL_PATH}`,
      ),
    );
  });
  otherVersions.use(agentErrorHandler(deps.logger));

  const router = Router();
  router.use(AGENT_PROTOCOL_PATH, api);
  router.use('/agent', otherVersions);
  return router;
}
