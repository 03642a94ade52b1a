import { DriverSpec } from '@styrmin/plugin-styrmin-common';
import { minVersion } from 'semver';

/** The context of a deployment of the driver version in an environment that also runs Infrahub. */
export function sampleContext(spec: DriverSpec) {
  const parameters = Object.fromEntries(
    Object.entries(spec.spec.parameters).map(([name, parameter]) => [
      name,
      parameter.type !== 'secret' && parameter.default !== undefined
        ? parameter.default
        : `sample-value-of-${name}`,
    ]),
  );
  return {
    deployment: { id: '42', name: spec.metadata.name, namespace: 'styrmin-42' },
    app: { version: minVersion(spec.spec.supported_versions)!.version },
    parameters,
    cluster: { storage_class: 'standard' },
    environment: {
      name: 'dev',
      deployments: {
        infrahub: {
          services: {
            http: {
              host: 'http.styrmin-41.svc.cluster.local',
              port: 80,
              url: 'http://http.styrmin-41.svc.cluster.local:80',
            },
          },
        },
      },
    },
  };
}
