import { PromptAnswers, remediationFlow } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { Deployment, DeploymentStore } from '../deployments/DeploymentStore';
import {
  GeneratedInstance,
  Generation,
  Generator,
} from '../generator/Generator';
import { Remediator } from '../remediator/Remediator';
import { Redeployment } from './types';

/**
 * Stores the instances of a generation that changed, and has the remediator start what
 * applies each, in the caller's transaction. Returns them in the generation's order, with
 * their deployments as the remediator left them.
 *
 * @internal
 */
export async function redeploy(options: {
  tx: Knex.Transaction;
  generation: Generation;
  createdBy: string;
  /** The answers to the prompts of the change's own deployment's actions. */
  prompts?: { deploymentId: string; answers: PromptAnswers };
  generator: Generator;
  remediator: Remediator;
  deployments: DeploymentStore;
}): Promise<Redeployment[]> {
  const { tx, generation, createdBy, prompts, generator, remediator } = options;
  const stored = await generator.store({
    tx,
    instances: generation.instances,
    createdBy,
  });
  const remediations = [];
  for (const { generated, instance } of stored) {
    const remediation = await remediator.remediate({
      tx,
      deploymentId: generated.deploymentId,
      cluster: generation.cluster,
      active: generated.active,
      instance,
      driver: generated.driverVersion.spec,
      createdBy,
      ...(prompts?.deploymentId === generated.deploymentId && {
        prompts: prompts.answers,
      }),
    });
    remediations.push({ generated, instance, remediation });
  }
  const deployments = new Map(
    (
      await options.deployments.getDeployments({
        tx,
        ids: stored.map(({ generated }) => generated.deploymentId),
      })
    ).map(d => [d.id, d]),
  );
  return remediations.map(({ generated, instance, remediation }) => ({
    deployment: deployments.get(generated.deploymentId)!,
    diff: generated.diff,
    flowName: remediation.flowName,
    instance: { ...instance, taskId: remediation.task.id },
    remediation,
  }));
}

/**
 * The deployments of a generation that would be redeployed, as a preview shows them:
 * nothing stored, nothing started.
 *
 * @internal
 */
export function previewRedeployments(generation: Generation): Redeployment[] {
  return generation.instances
    .filter(
      (generated): generated is GeneratedInstance & { stored: Deployment } =>
        generated.changed && generated.stored !== undefined,
    )
    .map(generated => ({
      deployment: generated.stored,
      diff: generated.diff,
      flowName: remediationFlow({
        active: generated.active?.context,
        desired: generated.context,
      }),
    }));
}
