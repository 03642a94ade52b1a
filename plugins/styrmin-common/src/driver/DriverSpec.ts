import { z } from 'zod/v4';
import { DriverAction } from './DriverAction';
import { DriverComponent } from './DriverComponent';
import { DriverInfo } from './DriverInfo';
import { DriverMetadata } from './DriverMetadata';
import { DriverParameter } from './DriverParameter';
import { driverReferenceIssues } from './driverReferenceIssues';
import { DriverService } from './DriverService';
import { RetiredParameter } from './RetiredParameter';
import {
  DnsLabel,
  ParameterName,
  SemverRange,
  SemverVersion,
} from './driverFields';
import { HelmChart } from './HelmChart';

/**
 * The `apiVersion` every driver.styrmin.yml declares.
 *
 * @public
 */
export const DRIVER_API_VERSION = 'styrmin.io/v1alpha1';

/**
 * The `kind` every driver.styrmin.yml declares.
 *
 * @public
 */
export const DRIVER_KIND = 'ApplicationDriver';

/**
 * `spec`: one application driver version, everything Styrmin needs to deploy and operate
 * the application.
 *
 * @public
 */
export const DriverVersionSpec = z
  .strictObject({
    version: SemverVersion.describe(
      'The application driver version (semver). A loaded version is immutable: loading the same version with other content is refused.',
    ),
    supported_versions: SemverRange.describe(
      'The application versions this driver version deploys, as a semver range (for example `>=1.4.0 <1.6.0`).',
    ),
    info: DriverInfo,
    helm: z
      .strictObject({ main: HelmChart })
      .describe('The Helm charts of the application.'),
    components: z
      .record(DnsLabel, DriverComponent)
      .refine(components => Object.keys(components).length > 0, {
        error: 'A driver declares at least one component',
      })
      .describe(
        'The components of the application by name (for example `server`, `task-worker`). Lifecycle operations (start, stop, restart) and replica overrides apply to them.',
      ),
    parameters: z
      .record(ParameterName, DriverParameter)
      .default({})
      .describe(
        'The parameters users set on a deployment, by name. Values templates and actions read them as `parameters.<name>` in the context.',
      ),
    retired_parameters: z
      .record(ParameterName, RetiredParameter)
      .optional()
      .describe(
        'The parameters that an earlier driver version declared and this one no longer does, by name, with what replaces each (for example `task_worker_replicas: { replaced_by: { replica_override: task-worker } }`). A deployment that moves to this version carries a retired value over to its replacement; a retired parameter without an entry is dropped when its value equals its default and refused otherwise (RETIRED_PARAMETER_VALUE).',
      ),
    services: z
      .array(DriverService)
      .default([])
      .describe(
        'The network endpoints Styrmin creates as Kubernetes Services.',
      ),
    connects_to: z
      .array(DnsLabel)
      .optional()
      .describe(
        'The application drivers (by `metadata.name`) whose deployments in the same environment this one connects to: its context lists the service addresses of those deployments only (under `environment.deployments`), so that creating or deleting another deployment does not redeploy it. Absent: it lists every deployment of the environment.',
      ),
    actions: z
      .array(DriverAction)
      .default([])
      .describe('The functions the driver runs at lifecycle hooks.'),
  })
  .superRefine((spec, ctx) => {
    for (const { path, message } of driverReferenceIssues(spec)) {
      ctx.addIssue({ code: 'custom', path, message });
    }
  })
  .describe('One application driver version.');

/** @public */
export type DriverVersionSpec = z.infer<typeof DriverVersionSpec>;

/**
 * The whole of driver.styrmin.yml: the specification of one application driver version.
 *
 * @public
 */
export const DriverSpec = z
  .strictObject({
    apiVersion: z
      .literal(DRIVER_API_VERSION)
      .describe(
        `The version of this specification: \`${DRIVER_API_VERSION}\`.`,
      ),
    kind: z.literal(DRIVER_KIND).describe(`Always \`${DRIVER_KIND}\`.`),
    metadata: DriverMetadata,
    spec: DriverVersionSpec,
  })
  .describe(
    'The specification of one application driver version (driver.styrmin.yml).',
  );

/** @public */
export type DriverSpec = z.infer<typeof DriverSpec>;
