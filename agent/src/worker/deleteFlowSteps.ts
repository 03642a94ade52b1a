import {
  ApiException,
  CoreV1Api,
  KubeConfig,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import { DELETE_STEPS } from '@styrmin/plugin-styrmin-common';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { sleep } from '../cluster/sleep';
import { HELM_RELEASE_API_VERSION } from '../styrminDeployment/helmRelease';
import { ClaimedRun } from './ClaimedRun';
import { FlowStepRunners } from './StepRunner';

const [DeleteResource, UninstallHelmRelease, RemoveNamespace] = DELETE_STEPS;

/** @public */
export interface DeleteFlowDeps {
  run: ClaimedRun;
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  pollIntervalMs?: number;
  /** How long the cleanup may take. Default 30 minutes. */
  timeoutMs?: number;
}

const isNotFound = (error: unknown) =>
  error instanceof ApiException && error.code === 404;

/**
 * The steps of DELETE: the StyrminDeployment resource goes (its deletion starts), and the
 * operator's finalizer cleans up before the resource disappears: Flux uninstalls the Helm
 * release, then the namespace `styrmin-<id>` goes with what is left in it. The steps watch
 * that happen; once the resource is gone, the run succeeds and the server keeps the
 * deployment as a tombstone. Each step is idempotent: deleting what is gone is done.
 */
export function deleteFlowSteps(context: DeleteFlowDeps): FlowStepRunners {
  const { run, deployments } = context;
  const id = run.run.deployment.id;
  const objects = KubernetesObjectApi.makeApiClient(context.kubeConfig);
  const core = context.kubeConfig.makeApiClient(CoreV1Api);
  const exists = async (read: () => Promise<unknown>) => {
    try {
      await read();
      return true;
    } catch (error) {
      if (isNotFound(error)) {
        return false;
      }
      throw error;
    }
  };
  const until = async (
    what: string,
    gone: () => Promise<boolean>,
    signal: AbortSignal,
  ) => {
    const timeoutMs = context.timeoutMs ?? 30 * 60_000;
    const deadline = Date.now() + timeoutMs;
    while (!(await gone())) {
      if (Date.now() > deadline) {
        throw new Error(
          `${what} is still there after ${Math.round(
            timeoutMs / 60_000,
          )} minutes`,
        );
      }
      await sleep(context.pollIntervalMs ?? 1_000, signal);
    }
  };

  return name => {
    switch (name) {
      case DeleteResource:
        return {
          run: async () => {
            await deployments.delete(id);
            run.log.info('Deleted StyrminDeployment', {
              StyrminDeployment: `${deployments.namespace}/${id}`,
            });
          },
        };
      case UninstallHelmRelease:
        return {
          run: signal =>
            until(
              `HelmRelease ${deployments.namespace}/${id}`,
              async () =>
                !(await exists(() =>
                  objects.read({
                    apiVersion: HELM_RELEASE_API_VERSION,
                    kind: 'HelmRelease',
                    metadata: { name: id, namespace: deployments.namespace },
                  }),
                )),
              signal,
            ),
        };
      case RemoveNamespace:
        return {
          run: signal =>
            until(
              `Namespace ${run.run.deployment.namespace}`,
              async () =>
                !(await exists(() =>
                  core.readNamespace({ name: run.run.deployment.namespace }),
                )) && !(await deployments.read(id)),
              signal,
            ),
        };
      default:
        return undefined;
    }
  };
}
