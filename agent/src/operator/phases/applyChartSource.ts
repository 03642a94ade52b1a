import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { applyObject } from '../applyObject';
import {
  CHART_SOURCE_KINDS,
  ChartSourceOptions,
  desiredChartSource,
} from '../desired/chartSource';
import { chartSourceOutcome, Outcome } from '../outcomes';
import { refOf } from '../refOf';
import { PhaseDeps } from './PhaseDeps';

/**
 * The phase `Apply the chart source`: applies the Flux source of the driver's chart, deletes
 * one of another kind left by an earlier driver version, and reads the source's outcome.
 */
export async function applyChartSource(
  deps: PhaseDeps,
  deployment: StyrminDeployment,
  chartSource: ChartSourceOptions,
): Promise<Outcome> {
  const { client, cache, log } = deps;
  const desired = desiredChartSource(deployment, chartSource);
  const { name, namespace } = desired.object.metadata!;
  // A driver version that moves the chart to another kind of source leaves the old one.
  for (const kind of CHART_SOURCE_KINDS.filter(k => k !== desired.kind)) {
    const stale = cache.chartSources[kind].get(name!, namespace);
    if (stale && (await client.delete(stale))) {
      log.info(`Deleted ${kind}`, { [kind]: refOf(stale) });
    }
  }
  const source = await applyObject({
    ...deps,
    object: desired.object,
    cached: cache.chartSources[desired.kind].get(name!, namespace),
  });
  return chartSourceOutcome(source);
}
