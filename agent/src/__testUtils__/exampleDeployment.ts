import {
  DeploymentConfiguration,
  DriverSpec,
  parseDriverSpec,
  resolveContext,
} from '@styrmin/plugin-styrmin-common';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LocalDriverFiles } from '../drivers/LocalDriverFiles';
import { EXAMPLE_DRIVERS } from './exampleBundles';
import { newStyrminDeployment } from '../styrminDeployment/newStyrminDeployment';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';

export const EXAMPLE_DRIVER_VERSIONS = [
  'infrahub/1.0.0',
  'infrahub/1.1.0',
  'semaphore/1.0.0',
] as const;

export type ExampleDriverVersion = (typeof EXAMPLE_DRIVER_VERSIONS)[number];

/** A stand-in content digest, one per example driver version. */
export function exampleDigest(driverVersion: ExampleDriverVersion): string {
  return `sha256:${createHash('sha256').update(driverVersion).digest('hex')}`;
}

/** The example driver versions' files, by their stand-in digests. */
export function exampleDriverFiles(): LocalDriverFiles {
  return LocalDriverFiles.create(
    Object.fromEntries(
      EXAMPLE_DRIVER_VERSIONS.map(version => [
        exampleDigest(version),
        path.join(EXAMPLE_DRIVERS, version),
      ]),
    ),
  );
}

export function exampleDriverSpec(
  driverVersion: ExampleDriverVersion,
): DriverSpec {
  const parsed = parseDriverSpec(
    readFileSync(
      path.join(EXAMPLE_DRIVERS, driverVersion, 'driver.styrmin.yml'),
      'utf8',
    ),
  );
  if (!parsed.success) {
    throw new Error(`drivers/${driverVersion} does not parse`);
  }
  return parsed.spec;
}

export interface ExampleDeploymentOptions {
  driverVersion?: ExampleDriverVersion;
  id?: string;
  configuration?: Partial<DeploymentConfiguration>;
  instanceId?: string;
  taskId?: string;
  stoppedComponents?: string[];
}

/**
 * A StyrminDeployment of an example driver, its context resolved as the generator resolves
 * it: infrahub 1.0.0 at application version 1.5.2 with an admin password, unless told
 * otherwise.
 */
export function exampleDeployment(
  options: ExampleDeploymentOptions = {},
): StyrminDeployment {
  const driverVersion = options.driverVersion ?? 'infrahub/1.0.0';
  const spec = exampleDriverSpec(driverVersion);
  const context = resolveContext({
    driver: spec,
    cluster: { name: 'sandbox', settings: {} },
    environment: { name: 'dev', overrides: {}, deployments: [] },
    deployment: {
      id: options.id ?? 'd1',
      name: spec.metadata.name,
      configuration: {
        app_version: '1.5.2',
        parameters: { admin_password: 'correct horse battery staple' },
        components: {},
        ...options.configuration,
      },
    },
  });
  return newStyrminDeployment({
    driver: {
      spec,
      digest: exampleDigest(driverVersion),
      valuesTemplate: readFileSync(
        path.join(
          EXAMPLE_DRIVERS,
          driverVersion,
          spec.spec.helm.main.values_template,
        ),
        'utf8',
      ),
    },
    context,
    instanceId: options.instanceId ?? 'i1',
    taskId: options.taskId,
    stoppedComponents: options.stoppedComponents,
  });
}
