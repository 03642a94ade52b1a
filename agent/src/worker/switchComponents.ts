import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { matchesSelector } from '../styrminDeployment/labels';
import { readComponentsResource, untilComponents } from './componentsResource';

/** @public */
export interface SwitchComponentsOptions {
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  deploymentId: string;
  components: string[];
  /** Stop (0 pods) or start (the replica precedence again). */
  to: 'stopped' | 'started';
  signal: AbortSignal;
  pollIntervalMs?: number;
  /** Default 10 minutes. */
  timeoutMs?: number;
}

/**
 * Stops or starts components of a deployment through its recorded intent: the component
 * goes into or out of `spec.stoppedComponents` of the StyrminDeployment, and the operator
 * scales it (0 pods while stopped; the replica override, the driver default or the chart's
 * count when started, so a stopped component keeps its override). Waits until the operator
 * is Ready at that spec and, for a stop, until the components' pods are gone.
 *
 * @public
 */
export async function switchComponents(
  options: SwitchComponentsOptions,
): Promise<void> {
  const { deployments, deploymentId, components, to } = options;
  const verb = to === 'stopped' ? 'stop' : 'start';
  const current = await readComponentsResource(deployments, {
    deploymentId,
    components,
    verb,
  });
  const updated = await deployments.updateStoppedComponents(
    deploymentId,
    stopped =>
      to === 'stopped'
        ? [...new Set([...stopped, ...components])].sort()
        : stopped.filter(c => !components.includes(c)),
  );
  const core = options.kubeConfig.makeApiClient(CoreV1Api);
  const namespace = current.spec.context.deployment.namespace;
  const selectors = components.map(c => current.spec.components[c].selector);
  await untilComponents({
    ...options,
    verb,
    generation: updated!.metadata!.generation!,
    reached: async () => {
      if (to === 'started') {
        return true;
      }
      const pods = await core.listNamespacedPod({ namespace });
      return !pods.items.some(pod =>
        selectors.some(selector =>
          matchesSelector(selector, pod.metadata?.labels),
        ),
      );
    },
  });
}
