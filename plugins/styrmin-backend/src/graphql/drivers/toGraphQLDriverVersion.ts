import {
  DriverParameter,
  parametersJsonSchema,
} from '@styrmin/plugin-styrmin-common';
import { Driver, DriverVersion } from '../../drivers/DriverStore';

/**
 * A driver version as the GraphQL `DriverVersion` type has it: the parts of the spec in
 * camelCase, maps (components, parameters, prompts) as lists in declaration order, and
 * the spec itself as written.
 *
 * @internal
 */
export function toGraphQLDriverVersion(driverVersion: DriverVersion) {
  const { spec, digest, source, loadedBy, loadedAt } = driverVersion;
  const { metadata } = spec;
  const { helm, info, components, parameters, services, actions } = spec.spec;
  return {
    name: metadata.name,
    version: spec.spec.version,
    title: metadata.title ?? metadata.name,
    supportedVersions: spec.spec.supported_versions,
    info,
    chart: {
      source: helm.main.source,
      chart: helm.main.chart,
      version: helm.main.version,
      valuesTemplate: helm.main.values_template,
    },
    components: Object.entries(components).map(([name, component]) => ({
      name,
      ...component,
    })),
    parameters: toGraphQLParameters(parameters),
    parametersJsonSchema: parametersJsonSchema(spec),
    services: services.map(({ target_port, ...service }) => ({
      ...service,
      targetPort: target_port,
    })),
    actions: actions.map(action => ({
      ...action,
      prompts: toGraphQLParameters(action.prompts),
    })),
    digest,
    source,
    loadedBy,
    loadedAt: loadedAt.toISOString(),
    spec,
  };
}

/**
 * A driver as the GraphQL `Driver` type has it.
 *
 * @internal
 */
export function toGraphQLDriver(driver: Driver) {
  const versions = driver.versions.map(toGraphQLDriverVersion);
  return {
    name: driver.name,
    title: versions[0].title,
    versions,
    latestVersion: versions[0],
  };
}

function toGraphQLParameters(parameters: Record<string, DriverParameter>) {
  return Object.entries(parameters).map(([name, parameter]) => {
    // Each type has its own bounds; the GraphQL type has them all, null where unset.
    const bounds: Partial<{
      default: unknown;
      values: string[];
      minimum: number;
      maximum: number;
      min_length: number;
      max_length: number;
      pattern: string;
    }> = parameter;
    return {
      name,
      type: parameter.type,
      title: parameter.title ?? name,
      description: parameter.description,
      required: parameter.required,
      default: bounds.default,
      values: bounds.values,
      minimum: bounds.minimum,
      maximum: bounds.maximum,
      minLength: bounds.min_length,
      maxLength: bounds.max_length,
      pattern: bounds.pattern,
    };
  });
}
