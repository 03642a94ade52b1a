import { SandboxApi } from './api/SandboxApi';
import { KubeObject } from './store/types';
import { fluxCustomResourceDefinitions } from './controllers/flux/fluxCrds';
import { OBJECT_STORE_CREDENTIALS } from './controllers/velero/ObjectStoreServer';
import { veleroCustomResourceDefinitions } from './controllers/velero/veleroCrds';
import { NODE_NAME } from './controllers/workloads/KubeletSimulator';

/*
 * What the sandbox's cluster holds when it starts: its namespaces, node and `kubernetes`
 * Service, and what installing Flux and Velero would add.
 */

/**
 * Creates or updates an object as its installer would (server-side apply), so that installing
 * again over a saved state brings it up to date (the object store's new port, for example).
 */
function install(api: SandboxApi, manager: string, object: KubeObject): void {
  const scope = api.scope(
    object.apiVersion!,
    object.kind!,
    object.metadata.namespace,
  );
  api.patch(scope, object.metadata.name!, 'apply', object, {
    fieldManager: manager,
    force: true,
  });
}

/** Flux's CRDs, as installing Flux adds them. */
export function installFlux(api: SandboxApi): void {
  fluxCustomResourceDefinitions().forEach(crd => install(api, 'flux', crd));
}

/** The bucket of the default BackupStorageLocation. */
export const VELERO_BUCKET = 'velero';

/**
 * What installing Velero adds: its namespace and CRDs, the credentials of the sandbox's object
 * store (`cloud-credentials`) and the `default` BackupStorageLocation pointing at it.
 */
export function installVelero(api: SandboxApi, endpoint: string): void {
  const { accessKeyId, secretAccessKey } = OBJECT_STORE_CREDENTIALS;
  const credentials = `[default]\naws_access_key_id=${accessKeyId}\naws_secret_access_key=${secretAccessKey}\n`;
  const objects: KubeObject[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'velero' } },
    ...veleroCustomResourceDefinitions(),
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'cloud-credentials', namespace: 'velero' },
      data: { cloud: Buffer.from(credentials).toString('base64') },
    },
    {
      apiVersion: 'velero.io/v1',
      kind: 'BackupStorageLocation',
      metadata: { name: 'default', namespace: 'velero' },
      spec: {
        provider: 'aws',
        default: true,
        accessMode: 'ReadWrite',
        objectStorage: { bucket: VELERO_BUCKET },
        credential: { name: 'cloud-credentials', key: 'cloud' },
        config: {
          region: 'minio',
          s3ForcePathStyle: 'true',
          s3Url: endpoint,
          checksumAlgorithm: '',
        },
      },
    },
  ];
  objects.forEach(object => install(api, 'velero', object));
}

/** What a fresh cluster has: its namespaces, one Ready node and the `kubernetes` Service. */
export function seedCluster(api: SandboxApi): void {
  const manager = { fieldManager: 'kube-apiserver' };
  for (const name of [
    'default',
    'kube-system',
    'kube-public',
    'kube-node-lease',
  ]) {
    api.create(api.scope('v1', 'Namespace'), { metadata: { name } }, manager);
  }
  const nodeScope = api.scope('v1', 'Node');
  const { object: node } = api.create(
    nodeScope,
    {
      metadata: {
        name: NODE_NAME,
        labels: {
          'kubernetes.io/hostname': NODE_NAME,
          'kubernetes.io/os': 'linux',
          'kubernetes.io/arch': 'amd64',
        },
      },
      spec: { podCIDR: '10.244.0.0/24' },
    },
    manager,
  );
  api.update(
    nodeScope,
    NODE_NAME,
    {
      ...node,
      status: {
        capacity: { cpu: '8', memory: '32Gi', pods: '110' },
        allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status',
            lastHeartbeatTime: node.metadata.creationTimestamp,
            lastTransitionTime: node.metadata.creationTimestamp,
          },
        ],
        addresses: [
          { type: 'InternalIP', address: '10.0.0.1' },
          { type: 'Hostname', address: NODE_NAME },
        ],
        nodeInfo: {
          kubeletVersion: 'v1.34.0',
          containerRuntimeVersion: 'kube-sandbox://1.0.0',
          operatingSystem: 'linux',
          architecture: 'amd64',
        },
      },
    },
    { subresource: 'status', fieldManager: 'kubelet' },
  );
  api.create(
    api.scope('v1', 'Service', 'default'),
    {
      metadata: {
        name: 'kubernetes',
        labels: { component: 'apiserver', provider: 'kubernetes' },
      },
      spec: { ports: [{ name: 'https', port: 443, targetPort: 6443 }] },
    },
    manager,
  );
}
