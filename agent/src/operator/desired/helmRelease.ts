import { KubernetesObject } from '@kubernetes/client-node';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { HelmReleaseChart } from './chartSource';
import { KustomizePatch } from './componentPatches';
import {
  childLabels,
  controllerReference,
} from '../../styrminDeployment/labels';
import { ValuesReference } from './secretValues';
import { ChartValues } from './values';
import {
  HELM_RELEASE_API_VERSION,
  helmReleaseName,
} from '../../styrminDeployment/helmRelease';

/** How many times Flux tries an install or upgrade again before it gives up (Stalled). */
const REMEDIATION_RETRIES = 2;

export interface HelmReleaseInputs {
  chart: HelmReleaseChart;
  /** The values that hold no secret value. */
  values: ChartValues;
  /** Where the values that do are: the deployment's values Secret, when it has one. */
  valuesFrom: ValuesReference[];
  patches: KustomizePatch[];
  /** The uid of the deployment's namespace as it exists now. */
  namespaceUid: string;
}

/**
 * The Flux HelmRelease of a deployment, next to its StyrminDeployment and owned by it; the
 * release itself (and Helm's storage) lives in the deployment's namespace. The values are the
 * rendered values template, those that hold a secret value read from a Secret
 * (`valuesFrom`, which Flux merges under the inline ones) so that the spec shows none; the component overrides are post-render patches, which Flux
 * applies on every install, upgrade and drift correction, so that nothing scales or edits the
 * workloads behind Flux's back. The namespace's uid is the value of Flux's force-reconcile
 * annotations: should the namespace be deleted by hand and made again, the new uid makes Flux
 * release into it at once, rather than at its next drift check.
 */
export function desiredHelmRelease(
  deployment: StyrminDeployment,
  inputs: HelmReleaseInputs,
): KubernetesObject & { spec: Record<string, unknown> } {
  const { spec } = deployment;
  const namespace = spec.context.deployment.namespace;
  return {
    apiVersion: HELM_RELEASE_API_VERSION,
    kind: 'HelmRelease',
    metadata: {
      name: deployment.metadata!.name!,
      namespace: deployment.metadata!.namespace,
      labels: childLabels(deployment),
      annotations: {
        'reconcile.fluxcd.io/requestedAt': inputs.namespaceUid,
        'reconcile.fluxcd.io/forceAt': inputs.namespaceUid,
      },
      ownerReferences: [controllerReference(deployment)],
    },
    spec: {
      interval: '10m',
      releaseName: helmReleaseName(spec),
      targetNamespace: namespace,
      storageNamespace: namespace,
      ...inputs.chart,
      ...(inputs.valuesFrom.length > 0
        ? { valuesFrom: inputs.valuesFrom }
        : {}),
      values: inputs.values,
      install: { remediation: { retries: REMEDIATION_RETRIES } },
      upgrade: { remediation: { retries: REMEDIATION_RETRIES } },
      driftDetection: { mode: 'enabled' },
      ...(inputs.patches.length > 0
        ? { postRenderers: [{ kustomize: { patches: inputs.patches } }] }
        : {}),
    },
  };
}
