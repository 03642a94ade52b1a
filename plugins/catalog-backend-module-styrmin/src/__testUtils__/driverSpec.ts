import { DriverSpec } from '@styrmin/plugin-styrmin-common';

/**
 * A valid driver specification with the given parameters (and everything else minimal),
 * validated by the same schema the server uses.
 */
export function driverSpecWith(
  parameters: Record<string, unknown>,
  overrides: { name?: string; version?: string; supported?: string } = {},
): DriverSpec {
  return DriverSpec.parse({
    apiVersion: 'styrmin.io/v1alpha1',
    kind: 'ApplicationDriver',
    metadata: { name: overrides.name ?? 'acme', title: 'Acme' },
    spec: {
      version: overrides.version ?? '2.0.0',
      supported_versions: overrides.supported ?? '>=1.5.0 <1.7.0',
      info: {
        icon: 'https://example.com/acme.png',
        description: 'Acme does everything.',
        links: [{ title: 'Documentation', url: 'https://docs.example.com' }],
      },
      helm: {
        main: {
          source: { type: 'directory', path: 'chart' },
          chart: 'acme',
          version: '2.0.0',
          values_template: 'values.yaml.njk',
        },
      },
      components: {
        server: { selector: { app: 'acme' }, container: 'server' },
      },
      parameters,
    },
  });
}
