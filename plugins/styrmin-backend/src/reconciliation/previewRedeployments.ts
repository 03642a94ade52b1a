import { remediationFlow } from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../deployments/DeploymentStore';
import { GeneratedInstance, Generation } from '../generator/Generator';
import { Redeployment } from '../remediator/Remediator';

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
