import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { sleep } from '../cluster/sleep';
import { ConditionType, findCondition } from '../styrminDeployment/conditions';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';

/**
 * The StyrminDeployment resource whose components a component flow changes: refuses a
 * deployment without one yet (there is nothing to `verb`) and components that its driver
 * version does not declare.
 */
export async function readComponentsResource(
  deployments: StyrminDeploymentClient,
  options: { deploymentId: string; components: string[]; verb: string },
): Promise<StyrminDeployment> {
  const { deploymentId, components, verb } = options;
  const current = await deployments.read(deploymentId);
  if (!current) {
    throw new Error(
      `Deployment ${deploymentId} has no StyrminDeployment resource yet: there is nothing to ${verb}`,
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
  return current;
}

/** @public */
export interface UntilComponentsOptions {
  deployments: StyrminDeploymentClient;
  deploymentId: string;
  components: string[];
  /** The generation of the resource whose spec holds the change. */
  generation: number;
  /** What the components do, for the timeout's message: "stop", "restart". */
  verb: string;
  /** Whether the change has reached the components, once the operator is Ready at it. */
  reached(): Promise<boolean>;
  signal: AbortSignal;
  pollIntervalMs?: number;
  /** Default 10 minutes. */
  timeoutMs?: number;
}

/**
 * Waits until the operator is Ready at the generation of a component change and the change
 * has reached the components (`reached`); fails with the operator's reason when it is not
 * Ready there, and after the timeout.
 */
export async function untilComponents(
  options: UntilComponentsOptions,
): Promise<void> {
  const { deployments, deploymentId, generation, signal } = options;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const resource = await deployments.read(deploymentId);
    const ready = findCondition(
      resource?.status?.conditions,
      ConditionType.Ready,
    );
    if (
      resource &&
      ready &&
      ready.observedGeneration! >= generation &&
      resource.metadata?.generation === ready.observedGeneration
    ) {
      if (ready.status === 'False') {
        throw new Error(ready.message);
      }
      if (ready.status === 'True' && (await options.reached())) {
        return;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${options.components.join(', ')} did not ${
          options.verb
        } within ${Math.round(timeoutMs / 60_000)} minutes`,
      );
    }
    await sleep(options.pollIntervalMs ?? 1_000, signal);
  }
}
