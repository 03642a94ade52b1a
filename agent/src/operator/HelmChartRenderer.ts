import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { DriverFiles } from '../drivers/DriverFiles';
import { HelmError, runHelm } from '../helm/runHelm';
import {
  renderedWorkloads,
  RenderedWorkload,
} from './desired/componentPatches';
import { helmReleaseName } from '../styrminDeployment/helmRelease';
import { ChartValues } from './desired/values';
import { StyrminDeploymentSpec } from '../styrminDeployment/StyrminDeployment';

/**
 * The chart cannot be rendered with these values (or not by the agent): trying again with the
 * same instance gives the same answer. The message is helm's, naming the template at fault.
 *
 * @public
 */
export class ChartRenderError extends Error {
  name = 'ChartRenderError' as const;
}

/** @public */
export interface HelmChartRendererOptions {
  /** The helm (v3 or v4) binary. */
  helm: string;
  driverFiles: DriverFiles;
}

/**
 * Renders an instance's chart with `helm template`, as Flux will, to learn which containers
 * its workloads have before the component container patches address them by index. Only the
 * chart a driver ships in its own directory is rendered here: it comes with the driver
 * version's files. The values go through a private temporary file, since they hold secrets.
 *
 * @public
 */
export class HelmChartRenderer {
  readonly #helm: string;
  readonly #driverFiles: DriverFiles;

  private constructor(options: HelmChartRendererOptions) {
    this.#helm = options.helm;
    this.#driverFiles = options.driverFiles;
  }

  static create(options: HelmChartRendererOptions): HelmChartRenderer {
    return new HelmChartRenderer(options);
  }

  /**
   * The Deployments and StatefulSets the chart renders with the values. Throws a
   * ChartRenderError when helm refuses; other errors (the driver's files not being there
   * yet) are worth a retry.
   */
  async renderWorkloads(
    spec: StyrminDeploymentSpec,
    values: ChartValues,
  ): Promise<RenderedWorkload[]> {
    const { source } = spec.chart;
    if (source.type !== 'directory') {
      throw new ChartRenderError(
        `Component container overrides need the rendered chart, and the agent renders only charts that the driver ships in its directory, not from a ${source.type} source`,
      );
    }
    const chart = path.join(
      await this.#driverFiles.directoryOf(spec.driver),
      source.path,
    );
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'styrmin-render-'));
    try {
      const valuesFile = path.join(work, 'values.yaml');
      await fs.writeFile(valuesFile, stringify(values), { mode: 0o600 });
      let manifests: string;
      try {
        manifests = await runHelm({
          helm: this.#helm,
          work,
          args: [
            'template',
            helmReleaseName(spec),
            chart,
            '--namespace',
            spec.context.deployment.namespace,
            '--values',
            valuesFile,
          ],
        });
      } catch (error) {
        throw error instanceof HelmError
          ? new ChartRenderError(error.message)
          : error;
      }
      return renderedWorkloads(
        parseAllDocuments(manifests)
          .map(document => document.toJS())
          .filter(object => object && typeof object === 'object'),
      );
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
}
