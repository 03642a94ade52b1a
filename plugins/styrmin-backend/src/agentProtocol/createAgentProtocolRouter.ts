import { NotFoundError } from '@backstage/errors';
import {
  AGENT_PROTOCOL_VERSION,
  AgentInfo,
} from '@styrmin/plugin-styrmin-common';
import express from 'express';
import Router from 'express-promise-router';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { agentErrorHandler } from './agentErrorResponse';
import {
  AGENT_CLAIM_MAX_WAIT_SECONDS,
  ClaimRequest,
  CompleteRunRequest,
  DeploymentStatusRequest,
  EndStepRequest,
  HeartbeatRequest,
  LinkStartedTaskRequest,
  parseRequest,
  StartStepRequest,
} from './agentRequests';
import { AgentRunClaimer } from './AgentRunClaimer';
import { agentCaller, authenticateAgent } from './authenticateAgent';
import { findClusterRun } from './clusterRecords';
import { completeRun } from './completeRun';
import { endStep } from './endStep';
import { linkStartedTask } from './linkStartedTask';
import { readBundle } from './readBundle';
import { reportDeploymentStatus } from './reportDeploymentStatus';
import { startStep } from './startStep';

/**
 * Where the agent protocol is mounted in the plugin's router: `/api/styrmin/agent/v1`.
 *
 * @internal
 */
export const AGENT_PROTOCOL_PATH = `/agent/v${AGENT_PROTOCOL_VERSION}`;

/** The largest request body: an output tail of 64 KiB and an error fit many times. */
const MAX_BODY_SIZE = '1mb';

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

  api.post('/runs/:runId/heartbeat', async (req, res) => {
    const { owner, attempt } = parseRequest(HeartbeatRequest, req.body);
    const run = await findClusterRun(deps, {
      cluster: agentCaller(res).cluster,
      runId: req.params.runId,
    });
    const { leaseExpiresAt } = await deps.flowRuns.heartbeat({
      lease: { flowRunId: run.id, owner, attempt },
      leaseSeconds: deps.leaseSeconds,
    });
    res.json({ leaseExpiresAt: leaseExpiresAt.toISOString() });
  });

  api.post('/runs/:runId/steps/:stepId/start', async (req, res) => {
    const body = parseRequest(StartStepRequest, req.body);
    res.json(
      await startStep(deps, {
        caller: agentCaller(res),
        runId: req.params.runId,
        stepId: req.params.stepId,
        ...body,
      }),
    );
  });

  api.post('/runs/:runId/steps/:stepId/end', async (req, res) => {
    const body = parseRequest(EndStepRequest, req.body);
    res.json(
      await endStep(deps, {
        caller: agentCaller(res),
        runId: req.params.runId,
        stepId: req.params.stepId,
        ...body,
      }),
    );
  });

  api.post('/runs/:runId/steps/:stepId/links', async (req, res) => {
    const body = parseRequest(LinkStartedTaskRequest, req.body);
    res.json(
      await linkStartedTask(deps, {
        caller: agentCaller(res),
        runId: req.params.runId,
        stepId: req.params.stepId,
        ...body,
      }),
    );
  });

  api.post('/runs/:runId/complete', async (req, res) => {
    const body = parseRequest(CompleteRunRequest, req.body);
    res.json(
      await completeRun(deps, {
        caller: agentCaller(res),
        runId: req.params.runId,
        ...body,
      }),
    );
  });

  api.get('/bundles/:digest', async (req, res) => {
    res.json(
      await readBundle(deps, {
        caller: agentCaller(res),
        digest: req.params.digest,
      }),
    );
  });

  api.put('/deployments/:deploymentId/status', async (req, res) => {
    const body = parseRequest(DeploymentStatusRequest, req.body);
    res.json(
      await reportDeploymentStatus(deps, {
        caller: agentCaller(res),
        deploymentId: req.params.deploymentId,
        ...body,
      }),
    );
  });

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
