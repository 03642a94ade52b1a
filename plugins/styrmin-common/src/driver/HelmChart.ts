import { z } from 'zod/v4';
import { DriverPath, HttpUrl, OciUrl, SemverVersion } from './driverFields';

/**
 * Where the operator gets a chart from. Each kind maps onto one Flux source: `repository`
 * and `oci` onto a HelmRepository (type `default` or `oci`), `git` onto a GitRepository,
 * and `directory` onto the chart that the driver version ships in its bundle.
 *
 * @public
 */
export const HelmChartSource = z
  .discriminatedUnion(
    'type',
    [
      z
        .strictObject({
          type: z.literal('repository').describe('An HTTP(S) Helm repository.'),
          url: HttpUrl.describe(
            'The URL of the repository, the one `helm repo add` takes.',
          ),
        })
        .describe('A chart from an HTTP(S) Helm repository.'),
      z
        .strictObject({
          type: z.literal('oci').describe('An OCI registry.'),
          url: OciUrl.describe(
            'The registry path that holds the chart, without the chart name (for example `oci://ghcr.io/opsmill/charts`).',
          ),
        })
        .describe('A chart from an OCI registry.'),
      z
        .strictObject({
          type: z.literal('git').describe('A git repository.'),
          url: z
            .string()
            .regex(/^(https?|ssh|git|file):\/\/|^[\w.-]+@[\w.-]+:/, {
              error:
                'Must be a git URL (https://, ssh://, git://, file:// or user@host:path)',
            })
            .describe('The URL of the git repository.'),
          ref: z
            .string()
            .regex(/^[^-\s][^\s]*$/, {
              error:
                'Must be a branch, tag or commit, without spaces or a leading "-"',
            })
            .describe(
              'The branch, tag or commit to check out; a tag or a commit keeps the driver version reproducible.',
            ),
          path: DriverPath.describe(
            'The directory of the chart inside the git repository.',
          ),
        })
        .describe('A chart in a directory of a git repository.'),
      z
        .strictObject({
          type: z
            .literal('directory')
            .describe('A directory inside the driver.'),
          path: DriverPath.describe(
            'The chart directory, relative to driver.styrmin.yml. The driver version ships it in its bundle.',
          ),
        })
        .describe('A chart that the driver itself contains.'),
    ],
    {
      error: 'Must have a type: repository, oci, git or directory',
    },
  )
  .describe('Where the chart comes from; `type` says which kind of source.');

/** @public */
export type HelmChartSource = z.infer<typeof HelmChartSource>;

/**
 * `spec.helm.main`: the chart that deploys the application, and the values template that
 * turns the context into its values.
 *
 * @public
 */
export const HelmChart = z
  .strictObject({
    source: HelmChartSource,
    chart: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, {
        error: 'Must be a chart name: lower-case letters, digits and "-"',
      })
      .describe(
        'The name of the chart; for a chart in a directory it must equal the `name` in its Chart.yaml.',
      ),
    version: SemverVersion.describe(
      'The exact chart version, so that a driver version always deploys the same chart; for a chart in a directory it must equal the `version` in its Chart.yaml.',
    ),
    values_template: DriverPath.describe(
      'The nunjucks template, relative to driver.styrmin.yml, that renders the chart values from the context.',
    ),
  })
  .describe('The Helm chart that deploys the application.');

/** @public */
export type HelmChart = z.infer<typeof HelmChart>;
