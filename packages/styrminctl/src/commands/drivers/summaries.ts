import { DriverSource, DriverVersion, LoadDriverResult } from '@styrmin/sdk';

/** What the table format shows of a load. */
export function loadSummary({ created, driverVersion }: LoadDriverResult) {
  const { name, version, digest, source } = driverVersion;
  return { created, name, version, digest, source: sourceSummary(source) };
}

/** What a person reads first about a version; -o json and yaml print all of it. */
export function versionSummary(driverVersion: DriverVersion) {
  const { info, chart, components, parameters, services, actions } =
    driverVersion;
  return {
    name: driverVersion.name,
    version: driverVersion.version,
    title: driverVersion.title,
    supportedVersions: driverVersion.supportedVersions,
    description: info.description,
    license: info.license,
    chart: `${chart.chart} ${chart.version} (${chart.source.type})`,
    components: components.map(component => component.name),
    parameters: parameters.map(parameter => parameter.name),
    services: services.map(service => service.name),
    actions: actions.map(
      action => `${action.name} (${action.hook} ${action.mode})`,
    ),
    digest: driverVersion.digest,
    source: sourceSummary(driverVersion.source),
    loadedBy: driverVersion.loadedBy,
    loadedAt: driverVersion.loadedAt,
  };
}

/** The fields the source has: a directory has no URL, ref or commit. */
function sourceSummary(source: DriverSource) {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== null),
  );
}
