import {
  StyrminError,
  ValuesTemplateError,
} from '@styrmin/plugin-styrmin-common';
import { Reason } from '../../styrminDeployment/conditions';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { applyObject } from '../applyObject';
import { ChartSourceOptions, desiredChartSource } from '../desired/chartSource';
import { componentPatches, KustomizePatch } from '../desired/componentPatches';
import { desiredHelmRelease } from '../desired/helmRelease';
import { ChartValues, renderValues } from '../desired/values';
import { ChartRenderError } from '../HelmChartRenderer';
import { failed, helmReleaseOutcome, Outcome } from '../outcomes';
import { PhaseDeps } from './PhaseDeps';
import { RenderedWorkloads } from './RenderedWorkloads';

/**
 * The phase `Install or upgrade the HelmRelease`: renders the values, computes the component
 * overrides (rendering the chart when they need it), applies the HelmRelease into the
 * namespace of `namespaceUid`, and reads Flux's outcome. A values template, a chart or an
 * override that cannot work fails the phase with its reason.
 */
export async function installOrUpgradeHelmRelease(
  deps: PhaseDeps,
  options: {
    key: string;
    deployment: StyrminDeployment;
    namespaceUid: string;
    chartSource: ChartSourceOptions;
    rendered: RenderedWorkloads;
  },
): Promise<Outcome> {
  const { key, deployment, namespaceUid, chartSource, rendered } = options;
  const { spec } = deployment;
  let values: ChartValues;
  try {
    values = renderValues(spec);
  } catch (error) {
    if (error instanceof ValuesTemplateError) {
      return failed(Reason.ValuesTemplateFailed, error.message);
    }
    throw error;
  }
  let patches: KustomizePatch[];
  try {
    patches = componentPatches(spec, await rendered.get(key, spec, values));
  } catch (error) {
    if (error instanceof ChartRenderError) {
      return failed(Reason.ChartRenderFailed, error.message);
    }
    if (
      error instanceof StyrminError &&
      error.code === 'COMPONENT_CONTAINER_NOT_FOUND'
    ) {
      return failed(Reason.ComponentContainerNotFound, error.message);
    }
    throw error;
  }
  const desired = desiredHelmRelease(deployment, {
    chart: desiredChartSource(deployment, chartSource).helmReleaseChart,
    values,
    patches,
    namespaceUid,
  });
  const release = await applyObject({
    ...deps,
    object: desired,
    cached: deps.cache.helmReleases.get(
      desired.metadata!.name!,
      desired.metadata!.namespace,
    ),
  });
  return helmReleaseOutcome(release);
}
