import {
  CustomObjectsApi,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import path from 'node:path';
import { Sandbox, startSandbox } from '../Sandbox';
import {
  createGitRepository,
  LocalGitRepository,
} from '../testing/gitRepository';
import { waitFor } from '../testing/waitFor';

jest.setTimeout(30_000);

/** A driver's chart from the repository's drivers/, committed to a git repository. */
const DRIVER_CHART = 'drivers/infrahub/1.0.0/chart';
const REPOSITORY_ROOT = path.resolve(__dirname, '../../../..');

/*
 * The path the agent takes, through client-node only: a driver's chart from drivers/ behind a
 * GitRepository, a HelmRelease with a post-render patch (a component override), Ready pods,
 * then a Velero backup of the namespace restored into another namespace.
 */
describe('a driver chart through a HelmRelease, backed up and restored elsewhere', () => {
  let sandbox: Sandbox;
  let repository: LocalGitRepository;

  beforeAll(async () => {
    repository = await createGitRepository();
    await repository.commit(
      path.join(REPOSITORY_ROOT, DRIVER_CHART),
      DRIVER_CHART,
    );
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
    });
  });

  afterAll(async () => {
    await sandbox.stop();
    await repository.remove();
  });

  it('works end to end', async () => {
    const objects = KubernetesObjectApi.makeApiClient(sandbox.kubeConfig);
    const apply = (spec: any) =>
      objects.patch(
        spec,
        undefined,
        undefined,
        'styrmin-agent',
        true,
        PatchStrategy.ServerSideApply,
      );
    await apply({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'styrmin-d1' },
    });
    await apply({
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'GitRepository',
      metadata: { name: 'drivers', namespace: 'styrmin-d1' },
      spec: { url: repository.url, ref: { branch: 'main' }, interval: '10m' },
    });
    await apply({
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: 'app', namespace: 'styrmin-d1' },
      spec: {
        interval: '5m',
        chart: {
          spec: {
            chart: DRIVER_CHART,
            sourceRef: { kind: 'GitRepository', name: 'drivers' },
          },
        },
        values: {
          image: { tag: '1.5.0' },
          infrahub: { adminPassword: 'sandbox' },
        },
        postRenderers: [
          {
            kustomize: {
              patches: [
                {
                  target: { kind: 'Deployment', name: 'app-infrahub-server' },
                  patch: JSON.stringify({
                    apiVersion: 'apps/v1',
                    kind: 'Deployment',
                    metadata: { name: 'app-infrahub-server' },
                    spec: {
                      replicas: 2,
                      template: {
                        spec: {
                          containers: [
                            {
                              name: 'server',
                              env: [{ name: 'STYRMIN', value: '1' }],
                            },
                          ],
                        },
                      },
                    },
                  }),
                },
              ],
            },
          },
        ],
      },
    });
    const custom = sandbox.kubeConfig.makeApiClient(CustomObjectsApi);
    const ready = await waitFor(
      async () => {
        const release: any = await custom.getNamespacedCustomObject({
          group: 'helm.toolkit.fluxcd.io',
          version: 'v2',
          namespace: 'styrmin-d1',
          plural: 'helmreleases',
          name: 'app',
        });
        const condition = release.status?.conditions?.find(
          (c: any) => c.type === 'Ready',
        );
        return (
          condition?.status === 'True' &&
          release.status.observedGeneration === release.metadata.generation &&
          release
        );
      },
      { timeoutMs: 15_000 },
    );
    expect(ready.status.history[0]).toMatchObject({
      chartName: 'infrahub',
      chartVersion: '1.0.0',
      status: 'deployed',
    });
    const server: any = await objects.read({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'app-infrahub-server', namespace: 'styrmin-d1' },
    });
    expect(server.spec.template.spec.containers[0].env).toContainEqual({
      name: 'STYRMIN',
      value: '1',
    });
    expect(server.status.readyReplicas).toBe(2);

    await apply({
      apiVersion: 'velero.io/v1',
      kind: 'Backup',
      metadata: { name: 'd1', namespace: 'velero' },
      spec: { includedNamespaces: ['styrmin-d1'], storageLocation: 'default' },
    });
    await waitFor(
      async () =>
        (
          (await objects.read({
            apiVersion: 'velero.io/v1',
            kind: 'Backup',
            metadata: { name: 'd1', namespace: 'velero' },
          })) as any
        ).status?.phase === 'Completed',
    );
    await apply({
      apiVersion: 'velero.io/v1',
      kind: 'Restore',
      metadata: { name: 'd1-copy', namespace: 'velero' },
      spec: {
        backupName: 'd1',
        namespaceMapping: { 'styrmin-d1': 'styrmin-d2' },
      },
    });
    await waitFor(
      async () =>
        (
          (await objects.read({
            apiVersion: 'velero.io/v1',
            kind: 'Restore',
            metadata: { name: 'd1-copy', namespace: 'velero' },
          })) as any
        ).status?.phase === 'Completed',
    );
    const restored = async (kind: string, name: string) =>
      (await objects.read({
        apiVersion: 'apps/v1',
        kind,
        metadata: { name, namespace: 'styrmin-d2' },
      })) as any;
    const copy = await waitFor(async () => {
      const deployment = await restored('Deployment', 'app-infrahub-server');
      return deployment.status?.readyReplicas === 2 && deployment;
    });
    expect(copy.spec.template.spec.containers[0].env).toContainEqual({
      name: 'STYRMIN',
      value: '1',
    });
    const database = await waitFor(async () => {
      const statefulSet = await restored(
        'StatefulSet',
        'app-infrahub-database',
      );
      return statefulSet.status?.readyReplicas === 1 && statefulSet;
    });
    expect(database.metadata.labels['velero.io/restore-name']).toBe('d1-copy');
    const list = await sandbox.kubectl([
      'get',
      'helmreleases',
      '-n',
      'styrmin-d2',
      '-o',
      'name',
    ]);
    expect(list.stdout.trim()).toBe('helmrelease.helm.toolkit.fluxcd.io/app');
  });
});
