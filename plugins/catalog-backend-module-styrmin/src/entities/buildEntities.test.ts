import {
  DefaultNamespaceEntityPolicy,
  Entity,
  EntityPolicies,
  FieldFormatEntityPolicy,
  NoForeignRootFieldsEntityPolicy,
  parseLocationRef,
  resourceEntityV1alpha1Validator,
  SchemaValidEntityPolicy,
  systemEntityV1alpha1Validator,
} from '@backstage/catalog-model';
import { templateEntityV1beta3Validator } from '@backstage/plugin-scaffolder-common';
import { Cluster, Deployment, Environment } from '@styrmin/sdk';
import { driverSpecWith } from '../__testUtils__/driverSpec';
import { StyrminRecords } from '../records/readStyrminRecords';
import { buildEntities } from './buildEntities';
import { EntitySettings } from './EntitySettings';

const CONTEXT: EntitySettings = {
  namespace: 'default',
  defaultOwner: 'group:default/styrmin-admins',
  environmentOwners: { dev: 'group:default/team-a' },
  appBaseUrl: 'http://portal.example.com',
};

const CLUSTER = { id: 'c-1', name: 'local' } as Cluster;
const DEV = {
  id: 'e-1',
  name: 'dev',
  cluster: { id: 'c-1', name: 'local' },
} as Environment;
const PROD = {
  id: 'e-2',
  name: 'prod',
  cluster: { id: 'c-1', name: 'local' },
} as Environment;
const INFRAHUB = {
  id: 'd-1',
  name: 'infrahub',
  environment: { id: 'e-1', name: 'dev' },
  driverVersion: { name: 'acme', version: '2.0.0' },
  appVersion: '1.5.2',
} as Deployment;

const RECORDS: StyrminRecords = {
  clusters: [CLUSTER],
  environments: [DEV, PROD],
  deployments: [
    INFRAHUB,
    {
      ...INFRAHUB,
      id: 'd-2',
      name: 'x'.repeat(63),
      environment: { id: 'e-2', name: 'prod' },
    },
  ],
  driverVersions: [
    {
      name: 'acme',
      version: '2.0.0',
      title: 'Acme',
      supportedVersions: '>=1.5.0 <1.7.0',
      digest: 'sha256:00',
      spec: driverSpecWith({
        password: { type: 'secret', description: 'The password.' },
      }),
    },
    // The newest release, and a pre-release newer than it, which is not the default.
    ...['2.10.0', '3.0.0-rc.1'].map(version => ({
      name: 'acme',
      version,
      title: 'Acme',
      supportedVersions: '>=1.5.0 <1.7.0',
      digest: 'sha256:01',
      spec: driverSpecWith({}),
    })),
  ],
  exposedUrls: new Map([
    [
      'd-1',
      [{ service: 'http', url: 'https://http-infrahub-dev.apps.example.com/' }],
    ],
  ]),
};

const policy = EntityPolicies.allOf([
  new DefaultNamespaceEntityPolicy(),
  new NoForeignRootFieldsEntityPolicy(),
  new FieldFormatEntityPolicy(),
  new SchemaValidEntityPolicy(),
]);

const kindValidators = [
  systemEntityV1alpha1Validator,
  resourceEntityV1alpha1Validator,
  templateEntityV1beta3Validator,
];

async function isValid(entity: Entity): Promise<boolean> {
  await policy.enforce(entity);
  for (const validator of kindValidators) {
    if (await validator.check(entity)) {
      return true;
    }
  }
  return false;
}

describe('buildEntities', () => {
  const entities = buildEntities(RECORDS, CONTEXT);
  const byRef = Object.fromEntries(
    entities.map(e => [
      `${e.kind.toLocaleLowerCase('en-US')}:${e.metadata.name}`,
      e,
    ]),
  );

  it('emits a System per cluster, a Resource per environment and deployment, a Template per driver version', () => {
    const refs = Object.keys(byRef);
    expect(refs).toEqual([
      'system:local',
      'resource:dev',
      'resource:prod',
      'resource:dev.infrahub',
      expect.stringMatching(/^resource:prod\.x{49}-[0-9a-f]{8}$/),
      'template:acme-2.0.0',
      'template:acme',
      'template:acme-3.0.0-rc.1',
    ]);
  });

  it("emits no entity for a deployment of an environment it does not list (a cluster's utilities)", () => {
    const refs = buildEntities(
      {
        ...RECORDS,
        deployments: [
          ...RECORDS.deployments,
          {
            ...INFRAHUB,
            id: 'd-ingress',
            name: 'ingress-nginx',
            environment: { id: 'e-system', name: 'system-local' },
          },
        ],
      },
      CONTEXT,
    ).map(e => e.metadata.name);
    expect(refs).not.toContain('system-local.ingress-nginx');
    expect(refs).toContain('dev.infrahub');
  });

  it('emits only entities the catalog accepts, each with its location', async () => {
    for (const entity of entities) {
      expect([entity.metadata.name, await isValid(entity)]).toEqual([
        entity.metadata.name,
        true,
      ]);
      const annotations = entity.metadata.annotations!;
      expect(
        parseLocationRef(annotations['backstage.io/managed-by-location']),
      ).toEqual({ type: 'styrmin', target: expect.stringMatching(/^http:/) });
      expect(annotations['backstage.io/managed-by-origin-location']).toBe(
        annotations['backstage.io/managed-by-location'],
      );
    }
  });

  it('makes the cluster a System owned by the default owner', () => {
    expect(byRef['system:local']).toEqual({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'System',
      metadata: {
        name: 'local',
        namespace: 'default',
        title: 'local',
        description: expect.any(String),
        tags: ['styrmin'],
        annotations: {
          'backstage.io/managed-by-location':
            'styrmin:http://portal.example.com/styrmin/clusters/c-1',
          'backstage.io/managed-by-origin-location':
            'styrmin:http://portal.example.com/styrmin/clusters/c-1',
          'styrmin.io/cluster-id': 'c-1',
        },
        links: [
          {
            url: 'http://portal.example.com/styrmin/clusters/c-1',
            title: 'Cluster in Styrmin',
            icon: 'dashboard',
            type: 'styrmin',
          },
        ],
      },
      spec: { type: 'styrmin-cluster', owner: 'group:default/styrmin-admins' },
    });
  });

  it('makes an environment a Resource of its cluster, owned as configured', () => {
    expect(byRef['resource:dev']).toEqual({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        name: 'dev',
        namespace: 'default',
        title: 'dev',
        description: 'The Styrmin environment dev on the cluster local.',
        tags: ['styrmin'],
        annotations: {
          'backstage.io/managed-by-location':
            'styrmin:http://portal.example.com/styrmin/environments/e-1',
          'backstage.io/managed-by-origin-location':
            'styrmin:http://portal.example.com/styrmin/environments/e-1',
          'styrmin.io/environment-id': 'e-1',
          'styrmin.io/cluster-id': 'c-1',
        },
        links: [
          {
            url: 'http://portal.example.com/styrmin/environments/e-1',
            title: 'Environment in Styrmin',
            icon: 'dashboard',
            type: 'styrmin',
          },
        ],
      },
      spec: {
        type: 'styrmin-environment',
        owner: 'group:default/team-a',
        system: 'local',
      },
    });
    expect(byRef['resource:prod'].spec!.owner).toBe(
      'group:default/styrmin-admins',
    );
  });

  it('makes a deployment a Resource that depends on its environment, for the Kubernetes plugin too', () => {
    expect(byRef['resource:dev.infrahub']).toEqual({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        name: 'dev.infrahub',
        namespace: 'default',
        title: 'infrahub (dev)',
        description:
          'The Styrmin deployment infrahub in the environment dev: acme 2.0.0, application version 1.5.2.',
        tags: ['styrmin', 'acme'],
        annotations: {
          'backstage.io/managed-by-location':
            'styrmin:http://portal.example.com/styrmin/deployments/d-1',
          'backstage.io/managed-by-origin-location':
            'styrmin:http://portal.example.com/styrmin/deployments/d-1',
          'styrmin.io/deployment-id': 'd-1',
          'styrmin.io/environment-id': 'e-1',
          'styrmin.io/driver': 'acme',
          'styrmin.io/driver-version': '2.0.0',
          'backstage.io/kubernetes-id': 'd-1',
          'backstage.io/kubernetes-namespace': 'styrmin-d-1',
          'backstage.io/kubernetes-label-selector': 'app=acme',
        },
        links: [
          {
            url: 'http://portal.example.com/styrmin/deployments/d-1',
            title: 'Deployment in Styrmin',
            icon: 'dashboard',
            type: 'styrmin',
          },
          {
            url: 'https://http-infrahub-dev.apps.example.com/',
            title: 'http (infrahub in dev)',
            icon: 'web',
            type: 'service',
          },
        ],
      },
      spec: {
        type: 'styrmin-deployment',
        owner: 'group:default/team-a',
        system: 'local',
        dependsOn: ['resource:default/dev'],
      },
    });
  });

  it('makes a driver version a Template whose step creates the deployment', () => {
    const template = byRef['template:acme-2.0.0'];
    expect(template.metadata).toEqual({
      name: 'acme-2.0.0',
      namespace: 'default',
      title: 'Acme 2.0.0',
      description: 'Acme does everything.',
      tags: ['styrmin', 'acme'],
      annotations: {
        'backstage.io/managed-by-location':
          'styrmin:http://portal.example.com/styrmin/drivers/acme/2.0.0',
        'backstage.io/managed-by-origin-location':
          'styrmin:http://portal.example.com/styrmin/drivers/acme/2.0.0',
        'styrmin.io/driver': 'acme',
        'styrmin.io/driver-version': '2.0.0',
        'styrmin.io/icon-url': 'https://example.com/acme.png',
      },
      links: [
        {
          url: 'http://portal.example.com/styrmin/drivers/acme/2.0.0',
          title: 'Acme 2.0.0 in Styrmin',
          icon: 'dashboard',
          type: 'styrmin',
        },
        { title: 'Documentation', url: 'https://docs.example.com' },
      ],
    });
    expect(template.spec).toEqual({
      type: 'styrmin-deployment',
      owner: 'group:default/styrmin-admins',
      parameters: [
        expect.objectContaining({ title: 'Deployment' }),
        expect.objectContaining({ title: 'Parameters' }),
        expect.objectContaining({ title: 'Dry run' }),
      ],
      steps: [
        {
          id: 'deploy',
          name: 'Deploy Acme 2.0.0',
          action: 'styrmin:deployment:create',
          input: {
            environment: '${{ parameters.deploymentEnvironment }}',
            name: '${{ parameters.deploymentName }}',
            driver: 'acme',
            driverVersion: '2.0.0',
            appVersion: '${{ parameters.appVersion }}',
            parameters: { password: '${{ secrets.password }}' },
          },
        },
      ],
      output: {
        links: [
          {
            title: 'Open the deployment in Styrmin',
            icon: 'dashboard',
            url: "${{ steps['deploy'].output.deploymentUrl }}",
          },
          {
            title: 'Open the deployment in the catalog',
            icon: 'catalog',
            entityRef: "${{ steps['deploy'].output.entityRef }}",
          },
        ],
      },
    });
  });
  it("makes the newest release of a driver its default template: named after the driver, so listed first, and tagged 'latest'", () => {
    const templates = entities.filter(entity => entity.kind === 'Template');
    const byName = templates
      .map(template => template.metadata)
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(
      byName.map(metadata => [
        metadata.name,
        metadata.title,
        metadata.annotations!['styrmin.io/driver-version'],
        metadata.tags,
      ]),
    ).toEqual([
      ['acme', 'Acme 2.10.0', '2.10.0', ['styrmin', 'acme', 'latest']],
      ['acme-2.0.0', 'Acme 2.0.0', '2.0.0', ['styrmin', 'acme']],
      ['acme-3.0.0-rc.1', 'Acme 3.0.0-rc.1', '3.0.0-rc.1', ['styrmin', 'acme']],
    ]);
  });

  it("offers in each template's environment field the refresh's environments, each an environment entity it emits", () => {
    const [where] = byRef['template:acme-2.0.0'].spec!.parameters as Array<{
      properties: Record<string, { enum: string[]; enumNames: string[] }>;
    }>;
    const field = where.properties.deploymentEnvironment;
    expect(field.enum).toEqual([
      'resource:default/dev',
      'resource:default/prod',
    ]);
    expect(field.enumNames).toEqual(['dev (local)', 'prod (local)']);
    for (const ref of field.enum) {
      expect(byRef[ref.replace('default/', '')]).toBeDefined();
    }
  });
});
