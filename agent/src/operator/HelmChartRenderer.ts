import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { DriverFiles } from '../drivers/DriverFiles';
import {
  renderedWorkloads,
  RenderedWorkload,
} from './desired/componentPatches';
import { helmReleaseName } from './desired/helmRelease';
import { ChartValues } from './desired/values';
import { StyrminDeploymentSpec } from './StyrminDeployment';

const HELM_TIMEOUT_MS = 60_000;

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
      const manifests = await this.#run(work, [
        'template',
        helmReleaseName(spec),
        chart,
        '--namespace',
        spec.context.deployment.namespace,
        '--values',
        valuesFile,
      ]);
      return renderedWorkloads(
        parseAllDocuments(manifests)
          .map(document => document.toJS())
          .filter(object => object && typeof object === 'object'),
      );
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  #run(work: string, args: string[]): Promise<string> {
    const home = path.join(work, 'helm');
    return new Promise((resolve, reject) => {
      execFile(
        this.#helm,
        args,
        {
          timeout: HELM_TIMEOUT_MS,
          maxBuffer: 64 * 1024 * 1024,
          env: {
            PATH: process.env.PATH,
            HELM_CACHE_HOME: path.join(home, 'cache'),
            HELM_CONFIG_HOME: path.join(home, 'config'),
            HELM_DATA_HOME: path.join(home, 'data'),
          },
        },
        (error, stdout, stderr) => {
          if (error && (error as { code?: unknown }).code === 'ENOENT') {
            reject(new Error(`The helm binary ${this.#helm} is missing`));
          } else if (error) {
            // helm's own words name the template and line at fault.
            reject(
              new ChartRenderError(
                stderr
                  .replace(/^Error: /, '')
                  .replace(/Use --debug flag to render out invalid YAML/, '')
                  .trim() || `helm template failed: ${error.message}`,
              ),
            );
          } else {
            resolve(stdout);
          }
        },
      );
    });
  }
}
