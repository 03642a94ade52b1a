import {
  AgentDeploymentStatusResponse,
  AgentPodStatus,
  JsonObject,
} from '@styrmin/plugin-styrmin-common';
import { retryOnDeadlock } from '../database/retryOnDeadlock';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { checkStatusReportSize } from './agentRequests';
import { AgentCaller } from './authenticateAgent';
import { findClusterDeployment } from './clusterRecords';

/** @internal */
export type ReportDeploymentStatusOptions = {
  caller: AgentCaller;
  deploymentId: string;
  observedAt: string;
  status: JsonObject;
  pods: AgentPodStatus[];
};

/** Rolls a report back that met a tombstone. */
const TOMBSTONE = Symbol('tombstone');

/**
 * `PUT /deployments/:deploymentId/status`: stores a deployment's DeploymentStatus and
 * PodStatus snapshot (only what changed), and lets the deployment's state follow its
 * status (unless the snapshot is older than the stored one), in one transaction. A
 * tombstone takes none.
 *
 * @internal
 */
export async function reportDeploymentStatus(
  deps: AgentProtocolDeps,
  options: ReportDeploymentStatusOptions,
): Promise<AgentDeploymentStatusResponse> {
  const { caller, deploymentId, status, pods } = options;
  checkStatusReportSize({ status, pods });
  const deployment = await findClusterDeployment(deps, {
    cluster: caller.cluster,
    deploymentId,
  });
  if (deployment.state === 'DELETED') {
    return { changed: false };
  }
  try {
    return await retryOnDeadlock(() =>
      deps.knex.transaction(async tx => {
        const result = await deps.observedState.report({
          tx,
          deploymentId,
          observedAt: new Date(options.observedAt),
          status,
          pods: pods.map(pod => ({
            name: pod.name,
            phase: pod.phase,
            ready: pod.ready,
            restarts: pod.restarts,
            startedAt: pod.startedAt ? new Date(pod.startedAt) : undefined,
            component: pod.component,
            reason: pod.reason,
          })),
        });
        // The report locked the deployment: a deletion that ended meanwhile shows now.
        const now = await deps.deployments.getDeployment({
          tx,
          id: deploymentId,
        });
        if (now?.state === 'DELETED') {
          throw TOMBSTONE;
        }
        if (result.changed) {
          deps.changes.notify({ tx, deploymentIds: [deploymentId] });
        }
        // Also when the status stayed: the task that decided the state may have ended since.
        if (!result.stale) {
          await deps.stateFollower.afterStatusReported({
            tx,
            deploymentId,
            status,
          });
        }
        return { changed: result.changed };
      }),
    );
  } catch (error) {
    if (error === TOMBSTONE) {
      return { changed: false };
    }
    throw error;
  }
}
