import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubernetesObject,
  KubernetesObjectApi,
  V1Pod,
} from '@kubernetes/client-node';
import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { createLogfmtLogger, Logger } from '../../logging/Logger';
import { Condition, findCondition } from '../conditions';
import { driverChartUrl } from '../desired/chartSource';
import {
  STYRMIN_DEPLOYMENT_PLURAL,
  STYRMIN_GROUP,
  STYRMIN_VERSION,
  StyrminDeployment,
} from '../StyrminDeployment';
import {
  EXAMPLE_DRIVER_VERSIONS,
  EXAMPLE_DRIVERS,
  exampleDigest,
} from './exampleDeployment';

export const OPERATOR_NAMESPACE = 'styrmin-system';
/** The agent's chart server, as the StyrminDeployments' HelmRepositories name it. */
export const DRIVER_CHARTS_URL =
  'http://styrmin-agent.styrmin-system.svc.cluster.local:8080/charts';

const CRD = path.resolve(__dirname, '../../../crds/styrmindeployment.yaml');

/**
 * A kube-sandbox with Flux, the StyrminDeployment CRD, the operator's namespace, and the
 * example drivers' charts behind the URLs under which the agent serves them.
 */
export async function startOperatorSandbox(): Promise<Sandbox> {
  const sandbox = await startSandbox({
    workloads: { startDelayMs: 5, readyDelayMs: 5 },
    velero: false,
    flux: {
      charts: EXAMPLE_DRIVER_VERSIONS.map(version => ({
        url: driverChartUrl(DRIVER_CHARTS_URL, {
          name: version.split('/')[0],
          digest: exampleDigest(version),
        }),
        path: path.join(EXAMPLE_DRIVERS, version, 'chart'),
      })),
    },
  });
  const objects = KubernetesObjectApi.makeApiClient(sandbox.kubeConfig);
  await objects.create(parseYaml(readFileSync(CRD, 'utf8')));
  await objects.create({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: OPERATOR_NAMESPACE },
  });
  return sandbox;
}

/** A logger that keeps its lines, so a failing test can show them. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(
    createLogfmtLogger(line => lines.push(line)),
    { lines },
  );
}

/** Reads the cluster through client-node, as any client would. */
export class ClusterView {
  readonly objects: KubernetesObjectApi;
  readonly core: CoreV1Api;
  readonly apps: AppsV1Api;
  readonly custom: CustomObjectsApi;

  constructor(sandbox: Sandbox) {
    this.objects = KubernetesObjectApi.makeApiClient(sandbox.kubeConfig);
    this.core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    this.apps = sandbox.kubeConfig.makeApiClient(AppsV1Api);
    this.custom = sandbox.kubeConfig.makeApiClient(CustomObjectsApi);
  }

  /** An object, or undefined when it does not exist. */
  async read<T extends KubernetesObject = any>(
    apiVersion: string,
    kind: string,
    name: string,
    namespace?: string,
  ): Promise<T | undefined> {
    try {
      return (await this.objects.read({
        apiVersion,
        kind,
        metadata: { name, namespace },
      })) as T;
    } catch (error) {
      if ((error as { code?: number }).code === 404) {
        return undefined;
      }
      throw error;
    }
  }

  deployment(id: string): Promise<StyrminDeployment | undefined> {
    return this.read<StyrminDeployment>(
      `${STYRMIN_GROUP}/${STYRMIN_VERSION}`,
      'StyrminDeployment',
      id,
      OPERATOR_NAMESPACE,
    );
  }

  async create(deployment: StyrminDeployment): Promise<void> {
    await this.custom.createNamespacedCustomObject({
      group: STYRMIN_GROUP,
      version: STYRMIN_VERSION,
      namespace: OPERATOR_NAMESPACE,
      plural: STYRMIN_DEPLOYMENT_PLURAL,
      body: deployment,
    });
  }

  /** Replaces the spec, as the worker does for a new instance. */
  async replaceSpec(deployment: StyrminDeployment): Promise<void> {
    const current = (await this.deployment(deployment.metadata!.name!))!;
    await this.custom.replaceNamespacedCustomObject({
      group: STYRMIN_GROUP,
      version: STYRMIN_VERSION,
      namespace: OPERATOR_NAMESPACE,
      plural: STYRMIN_DEPLOYMENT_PLURAL,
      name: deployment.metadata!.name!,
      body: { ...current, spec: deployment.spec },
    });
  }

  async delete(id: string): Promise<void> {
    await this.custom.deleteNamespacedCustomObject({
      group: STYRMIN_GROUP,
      version: STYRMIN_VERSION,
      namespace: OPERATOR_NAMESPACE,
      plural: STYRMIN_DEPLOYMENT_PLURAL,
      name: id,
    });
  }

  /** The Ready condition, when it describes the current generation. */
  async ready(id: string): Promise<Condition | undefined> {
    const deployment = await this.deployment(id);
    const ready = findCondition(deployment?.status?.conditions, 'Ready');
    return ready?.observedGeneration === deployment?.metadata?.generation
      ? ready
      : undefined;
  }

  /** The pods of a namespace that are Ready, by name. */
  async readyPods(namespace: string): Promise<V1Pod[]> {
    const pods = await this.core.listNamespacedPod({ namespace });
    return pods.items.filter(pod =>
      pod.status?.conditions?.some(
        c => c.type === 'Ready' && c.status === 'True',
      ),
    );
  }
}

/**
 * Polls until `check` gives a value, or fails after the deadline with the last error seen.
 * Tests wait with this, never with fixed sleeps.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: { timeoutMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) {
        return value;
      }
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${options.what ?? 'a condition'}${
          lastError ? `: ${lastError}` : ''
        }`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 20));
  }
}
