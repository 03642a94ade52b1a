import {
  AppsV1Api,
  KubeConfig,
  V1Deployment,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { RESTARTED_AT_ANNOTATION } from '../operator/desired/componentPatches';
import { matchesSelector } from '../styrminDeployment/labels';
import { readComponentsResource, untilComponents } from './componentsResource';

/** @public */
export interface RestartComponentsOptions {
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  deploymentId: string;
  components: string[];
  signal: AbortSignal;
  /** The restart's time; default now. */
  now?: () => Date;
  pollIntervalMs?: number;
  /** Default 10 minutes. */
  timeoutMs?: number;
}

/**
 * Restarts components of a deployment as `kubectl rollout restart` does, through its
 * recorded intent: the restart's time goes into `spec.restartedComponents` of the
 * StyrminDeployment, and the operator puts it in the pod template of the components'
 * Deployments and StatefulSets (`kubectl.kubernetes.io/restartedAt`), whose controllers
 * then replace their pods. Waits until the operator is Ready at that spec and each of
 * those workloads has rolled out the template with the annotation (rolledOut). A step
 * run again restarts again: a restart has no effect to lose.
 *
 * @public
 */
export async function restartComponents(
  options: RestartComponentsOptions,
): Promise<void> {
  const { deployments, deploymentId, components } = options;
  const current = await readComponentsResource(deployments, {
    deploymentId,
    components,
    verb: 'restart',
  });
  const at = (options.now?.() ?? new Date()).toISOString();
  const updated = await deployments.updateRestartedComponents(deploymentId, {
    components,
    at,
  });
  const apps = options.kubeConfig.makeApiClient(AppsV1Api);
  const namespace = current.spec.context.deployment.namespace;
  const selectors = components.map(c => current.spec.components[c].selector);
  const ofComponents = (workload: V1Deployment | V1StatefulSet) =>
    selectors.some(selector =>
      matchesSelector(selector, workload.spec?.template.metadata?.labels),
    );
  await untilComponents({
    ...options,
    verb: 'restart',
    generation: updated!.metadata!.generation!,
    reached: async () => {
      const [deploymentList, statefulSetList] = await Promise.all([
        apps.listNamespacedDeployment({ namespace }),
        apps.listNamespacedStatefulSet({ namespace }),
      ]);
      return (
        deploymentList.items
          .filter(ofComponents)
          .every(workload => rolledOut('Deployment', workload, at)) &&
        statefulSetList.items
          .filter(ofComponents)
          .every(workload => rolledOut('StatefulSet', workload, at))
      );
    },
  });
}

/**
 * Whether a Deployment or StatefulSet has rolled out the pod template of a restart, by the
 * rules of `kubectl rollout status`: its template carries the restart's time, its
 * controller has observed that generation, and every pod it wants is of that template and
 * ready (for a Deployment also: no pod of an older template is left).
 *
 * @public
 */
export function rolledOut(
  kind: 'Deployment' | 'StatefulSet',
  workload: V1Deployment | V1StatefulSet,
  restartedAt: string,
): boolean {
  const annotations = workload.spec?.template.metadata?.annotations;
  const status = workload.status;
  if (
    annotations?.[RESTARTED_AT_ANNOTATION] !== restartedAt ||
    (status?.observedGeneration ?? 0) < (workload.metadata?.generation ?? 0)
  ) {
    return false;
  }
  const desired = workload.spec?.replicas ?? 1;
  const updated = status?.updatedReplicas ?? 0;
  if (kind === 'StatefulSet') {
    return updated >= desired && (status?.readyReplicas ?? 0) >= desired;
  }
  const deployment = status as V1Deployment['status'];
  return (
    updated >= desired &&
    (deployment?.replicas ?? 0) <= updated &&
    (deployment?.availableReplicas ?? 0) >= updated
  );
}
