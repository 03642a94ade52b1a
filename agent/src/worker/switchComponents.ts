import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { sleep } from '../cluster/sleep';
import { ConditionType, findCondition } from '../styrminDeployment/conditions';
import { matchesSelector } from '../styrminDeployment/labels';

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
  const { deployments, deploymentId, components, to, signal } = options;
  const pollMs = options.pollIntervalMs ?? 1_000;
  const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  const current = await deployments.read(deploymentId);
  if (!current) {
    throw new Error(
      `Deployment ${deploymentId} has no StyrminDeployment resource yet: there is nothing to ${
        to === 'stopped' ? 'stop' : 'start'
      }`,
    );
  }
  const unknown = components.filter(c => !(c in current.spec.components));
  if (unknown.length > 0) {
    throw new Error(
      `${unknown.join(', ')} ${
        unknown.length === 1 ? 'is not a component' : 'are not components'
      } of driver ${current.spec.driver.name}`,
    );
  }
  const updated = await deployments.updateStoppedComponents(
    deploymentId,
    stopped =>
      to === 'stopped'
        ? [...new Set([...stopped, ...components])].sort()
        : stopped.filter(c => !components.includes(c)),
  );
  const generation = updated!.metadata!.generation;
  const core = options.kubeConfig.makeApiClient(CoreV1Api);
  const namespace = current.spec.context.deployment.namespace;
  const selectors = components.map(c => current.spec.components[c].selector);

  for (;;) {
    const resource = await deployments.read(deploymentId);
    const ready = findCondition(
      resource?.status?.conditions,
      ConditionType.Ready,
    );
    if (
      resource &&
      ready &&
      ready.observedGeneration! >= generation! &&
      resource.metadata?.generation === ready.observedGeneration
    ) {
      if (ready.status === 'False') {
        throw new Error(ready.message);
      }
      if (ready.status === 'True') {
        if (to === 'started') {
          return;
        }
        const pods = await core.listNamespacedPod({ namespace });
        if (
          !pods.items.some(pod =>
            selectors.some(selector =>
              matchesSelector(selector, pod.metadata?.labels),
            ),
          )
        ) {
          return;
        }
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${components.join(', ')} did not ${
          to === 'stopped' ? 'stop' : 'start'
        } within ${Math.round(
          (options.timeoutMs ?? 600_000) / 60_000,
        )} minutes`,
      );
    }
    await sleep(pollMs, signal);
  }
}
