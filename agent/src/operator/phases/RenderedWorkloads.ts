import { createHash } from 'node:crypto';
import { helmReleaseName } from '../../styrminDeployment/helmRelease';
import { StyrminDeploymentSpec } from '../../styrminDeployment/StyrminDeployment';
import {
  needsRenderedWorkloads,
  RenderedWorkload,
} from '../desired/componentPatches';
import { ChartValues } from '../desired/values';
import { HelmChartRenderer } from '../HelmChartRenderer';

/**
 * The workloads of each deployment's rendered chart, kept by reconcile key with the digest of
 * what they were rendered from: the chart is rendered only when container overrides need it,
 * and again only when what it is rendered from changes.
 */
export class RenderedWorkloads {
  readonly #renderer: HelmChartRenderer;
  readonly #rendered = new Map<
    string,
    { inputs: string; workloads: RenderedWorkload[] }
  >();

  private constructor(renderer: HelmChartRenderer) {
    this.#renderer = renderer;
  }

  static create(options: { renderer: HelmChartRenderer }): RenderedWorkloads {
    return new RenderedWorkloads(options.renderer);
  }

  async get(
    key: string,
    spec: StyrminDeploymentSpec,
    values: ChartValues,
  ): Promise<RenderedWorkload[]> {
    if (!needsRenderedWorkloads(spec)) {
      this.#rendered.delete(key);
      return [];
    }
    const inputs = createHash('sha256')
      .update(
        JSON.stringify([
          spec.driver.digest,
          spec.chart,
          helmReleaseName(spec),
          spec.context.deployment.namespace,
          values,
        ]),
      )
      .digest('hex');
    const cached = this.#rendered.get(key);
    if (cached?.inputs === inputs) {
      return cached.workloads;
    }
    const workloads = await this.#renderer.renderWorkloads(spec, values);
    this.#rendered.set(key, { inputs, workloads });
    return workloads;
  }

  forget(key: string): void {
    this.#rendered.delete(key);
  }
}
