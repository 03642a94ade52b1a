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
import {
  secretEnvNamesOf,
  secretEnvObject,
  withSecretEnv,
} from '../desired/secretEnv';
import {
  SECRET_VALUES_KEY,
  secretValuesObject,
  splitSecretValues,
  ValuesReference,
} from '../desired/secretValues';
import { ChartValues, renderValues } from '../desired/values';
import { ChartRenderError } from '../HelmChartRenderer';
import { failed, helmReleaseOutcome, Outcome } from '../outcomes';
import { PhaseDeps } from './PhaseDeps';
import { RenderedWorkloads } from './RenderedWorkloads';

/**
 * The phase `Install or upgrade the HelmRelease`: renders the values, computes the component
 * overrides (rendering the chart when they need it), writes the values that hold secrets
 * into the instance's values Secret, applies the HelmRelease (reading them from it) into the
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
  const env = withSecretEnv(deployment, patches);
  if (Object.keys(env.data).length > 0) {
    await deps.client.apply(secretEnvObject(deployment, env.data));
  }
  const { inline, secret } = splitSecretValues(spec, values);
  const valuesFrom: ValuesReference[] = [];
  if (Object.keys(secret).length > 0) {
    const object = secretValuesObject(deployment, secret);
    const holder = await applyObject({
      ...deps,
      object,
      cached: deps.cache.secrets.get(
        object.metadata!.name!,
        object.metadata!.namespace,
      ),
    });
    valuesFrom.push({
      kind: 'Secret',
      name: holder.metadata!.name!,
      valuesKey: SECRET_VALUES_KEY,
    });
  }
  const desired = desiredHelmRelease(deployment, {
    chart: desiredChartSource(deployment, chartSource).helmReleaseChart,
    values: inline,
    valuesFrom,
    patches: env.patches,
    namespaceUid,
  });
  const cached = deps.cache.helmReleases.get(
    desired.metadata!.name!,
    desired.metadata!.namespace,
  );
  const release = await applyObject({ ...deps, object: desired, cached });
  await deleteReplaced(deps, {
    namespace: desired.metadata!.namespace!,
    before: (
      (cached as { spec?: { valuesFrom?: ValuesReference[] } } | undefined)
        ?.spec?.valuesFrom ?? []
    ).map(reference => reference.name),
    now: valuesFrom.map(({ name }) => name),
  });
  await deleteReplaced(deps, {
    namespace: spec.context.deployment.namespace,
    before: secretEnvNamesOf(cached),
    now: secretEnvNamesOf(release),
  });
  return helmReleaseOutcome(release);
}

/** The Secrets of earlier instances, once the HelmRelease no longer reads them. */
async function deleteReplaced(
  deps: PhaseDeps,
  options: { namespace: string; before: string[]; now: string[] },
) {
  for (const name of options.before.filter(n => !options.now.includes(n))) {
    await deps.client.delete({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, namespace: options.namespace },
    });
  }
}
