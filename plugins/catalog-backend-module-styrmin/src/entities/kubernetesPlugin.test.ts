import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import kubernetesPlugin from '@backstage/plugin-kubernetes-backend';
import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import { Deployment, Environment } from '@styrmin/sdk';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { driverSpecWith } from '../__testUtils__/driverSpec';
import { buildEntities } from './buildEntities';

jest.setTimeout(60_000);

const DEPLOYMENT_ID = '8c0c2a43-2f64-4f0e-9a55-0d7ad7b8e0b1';
const NAMESPACE = `styrmin-${DEPLOYMENT_ID}`;

/** A workload of the chart: a Deployment whose pods carry `labels`. */
function workload(name: string, namespace: string, labels: object) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: { containers: [{ name: 'main', image: 'acme:2.0.0' }] },
      },
    },
  };
}

/**
 * Backstage's own Kubernetes backend, configured as scripts/start configures it for the
 * embedded sandbox, reads a deployment entity of this module: its annotations lead to the
 * deployment's pods and to nothing else.
 */
describe('the Kubernetes plugin on a deployment entity', () => {
  let sandbox: Sandbox;
  let directory: string;

  beforeAll(async () => {
    sandbox = await startSandbox({
      flux: false,
      velero: false,
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
    });
    directory = await mkdtemp(join(tmpdir(), 'styrmin-kubernetes-'));
  });

  afterAll(async () => {
    await sandbox?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('lists the pods of the deployment, in its namespace and of its components', async () => {
    const components = {
      server: { app: 'acme', component: 'server' },
      worker: { app: 'acme', component: 'worker' },
    };
    const spec = driverSpecWith({});
    spec.spec.components = {
      server: { selector: components.server, singleton: false },
      worker: { selector: components.worker, singleton: false },
    };
    const entity = buildEntities(
      {
        clusters: [],
        // A deployment's entity is made only with its environment's.
        environments: [
          { id: 'e-1', name: 'dev', cluster: { id: 'c-1', name: 'sandbox' } },
        ] as Environment[],
        deployments: [
          {
            id: DEPLOYMENT_ID,
            name: 'inventory',
            environment: { id: 'e-1', name: 'dev' },
            driverVersion: { name: 'acme', version: '2.0.0' },
            appVersion: '1.5.2',
          } as Deployment,
        ],
        driverVersions: [
          {
            name: 'acme',
            version: '2.0.0',
            title: 'Acme',
            supportedVersions: '*',
            digest: 'sha256:0',
            spec,
          },
        ],
        exposedUrls: new Map(),
      },
      {
        namespace: 'default',
        defaultOwner: 'group:default/styrmin-admins',
        environmentOwners: {},
        appBaseUrl: 'http://localhost:3000',
      },
    ).find(
      built => stringifyEntityRef(built) === 'resource:default/dev.inventory',
    )!;
    const objects = [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } },
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other' } },
      workload('acme-server', NAMESPACE, components.server),
      workload('acme-worker', NAMESPACE, components.worker),
      // Another deployment's pods: the same labels in another namespace.
      workload('acme-server', 'other', components.server),
    ];
    await sandbox.kubectl(['apply', '-f', '-'], {
      input: objects.map(object => JSON.stringify(object)).join('\n'),
    });
    await sandbox.kubectl([
      'wait',
      '--for=condition=Ready',
      'pods',
      '--all',
      '--all-namespaces',
      '--timeout=30s',
    ]);
    const caFile = join(directory, 'ca.crt');
    await writeFile(caFile, sandbox.caCertificate);

    const { server } = await startTestBackend({
      features: [
        kubernetesPlugin,
        catalogServiceMock.factory({ entities: [entity] }),
        mockServices.rootConfig.factory({
          data: {
            kubernetes: {
              serviceLocatorMethod: { type: 'multiTenant' },
              clusterLocatorMethods: [
                {
                  type: 'config',
                  clusters: [
                    {
                      name: 'sandbox',
                      url: sandbox.url,
                      authProvider: 'serviceAccount',
                      serviceAccountToken: sandbox.token,
                      caFile,
                      skipMetricsLookup: true,
                    },
                  ],
                },
              ],
            },
          },
        }),
      ],
    });
    const res = await request(server)
      .post(`/api/kubernetes/services/${entity.metadata.name}`)
      .send({ entity: { kind: entity.kind, metadata: entity.metadata } });

    expect(res.status).toBe(200);
    expect(entity).toBeDefined();
    const [cluster] = res.body.items;
    expect(cluster.cluster.name).toBe('sandbox');
    const pods = cluster.resources.find(
      (resource: { type: string }) => resource.type === 'pods',
    ).resources;
    expect(
      pods
        .map(
          (pod: any) =>
            `${pod.metadata.namespace} ${pod.metadata.labels.component} ${pod.status.phase}`,
        )
        .sort(),
    ).toEqual([`${NAMESPACE} server Running`, `${NAMESPACE} worker Running`]);
  });
});
