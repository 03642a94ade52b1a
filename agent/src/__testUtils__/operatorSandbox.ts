import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  V1Pod,
} from '@kubernetes/client-node';
import { ensureTools, Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import fs from 'node:fs/promises';
import { AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ChartServer, CHARTS_PATH } from '../charts/ChartServer';
import { DriverChartRepository } from '../charts/DriverChartRepository';
import { createLogfmtLogger, Logger } from '../logging/Logger';
import { Condition, findCondition } from '../styrminDeployment/conditions';
import {
  contextSecretsObject,
  takeSecretValues,
} from '../styrminDeployment/contextSecrets';
import {
  STYRMIN_DEPLOYMENT_PLURAL,
  STYRMIN_GROUP,
  STYRMIN_VERSION,
  StyrminDeployment,
} from '../styrminDeployment/StyrminDeployment';
import { exampleDriverFiles } from './exampleDeployment';

export const OPERATOR_NAMESPACE = 'styrmin-system';

const CRD = path.resolve(__dirname, '../../crds/styrmindeployment.yaml');

/** A free port on loopback, for an agent whose chart server Flux must reach at a known URL. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise(resolve => server.close(resolve));
  return port;
}

/** The sandbox and the URL under which the example drivers' charts are served. */
export type OperatorSandbox = Sandbox & { driverChartsUrl: string };

/**
 * A kube-sandbox with Flux, the StyrminDeployment CRD (applied with kubectl, as the agent's
 * chart installs it), the operator's namespace, and the agent's chart server on loopback
 * serving the example drivers' charts, which Flux fetches over HTTP as in a cluster. With
 * `velero`, Velero too (namespace `velero`, its `default` location on the sandbox's store,
 * which keeps its files in `velero.directory` when given).
 */
export async function startOperatorSandbox(
  options: { velero?: boolean | { directory: string } } = {},
): Promise<OperatorSandbox> {
  const velero = typeof options.velero === 'object' ? options.velero : {};
  const sandbox = await startSandbox({
    workloads: { startDelayMs: 5, readyDelayMs: 5 },
    velero: options.velero ? velero : false,
  });
  const packed = await fs.mkdtemp(path.join(os.tmpdir(), 'operator-charts-'));
  const charts = ChartServer.create({
    repository: DriverChartRepository.create({
      driverFiles: exampleDriverFiles(),
      helm: (await ensureTools()).helm,
      directory: packed,
    }),
    logger: createLogfmtLogger(() => {}),
    port: 0,
    host: '127.0.0.1',
  });
  const { port } = await charts.start();
  const applied = await sandbox.kubectl(['apply', '-f', CRD]);
  if (applied.exitCode !== 0) {
    throw new Error(`kubectl apply ${CRD}: ${applied.stderr}`);
  }
  await sandbox.kubectl(['create', 'namespace', OPERATOR_NAMESPACE]);
  const stopSandbox = sandbox.stop.bind(sandbox);
  return Object.assign(sandbox, {
    driverChartsUrl: `http://127.0.0.1:${port}${CHARTS_PATH}`,
    stop: async () => {
      await charts.stop();
      await stopSandbox();
      await fs.rm(packed, { recursive: true, force: true });
    },
  });
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

  /**
   * Creates the resource as the worker does: the secret values in its context Secret, the
   * spec without them; or, with `inlineSecrets`, as agents before that wrote it.
   */
  async create(
    deployment: StyrminDeployment,
    options: { inlineSecrets?: boolean } = {},
  ): Promise<void> {
    await this.custom.createNamespacedCustomObject({
      group: STYRMIN_GROUP,
      version: STYRMIN_VERSION,
      namespace: OPERATOR_NAMESPACE,
      plural: STYRMIN_DEPLOYMENT_PLURAL,
      body: options.inlineSecrets
        ? deployment
        : await this.#writeSecretValues(deployment),
    });
  }

  /** Replaces the spec, as the worker does for a new instance. */
  async replaceSpec(deployment: StyrminDeployment): Promise<void> {
    const current = (await this.deployment(deployment.metadata!.name!))!;
    const { spec } = await this.#writeSecretValues(deployment, current);
    await this.custom.replaceNamespacedCustomObject({
      group: STYRMIN_GROUP,
      version: STYRMIN_VERSION,
      namespace: OPERATOR_NAMESPACE,
      plural: STYRMIN_DEPLOYMENT_PLURAL,
      name: deployment.metadata!.name!,
      body: { ...current, spec },
    });
  }

  /** Writes the context Secret of a resource; returns the resource without the values. */
  async #writeSecretValues(
    deployment: StyrminDeployment,
    owner?: StyrminDeployment,
  ): Promise<StyrminDeployment> {
    const { context, secrets } = takeSecretValues(deployment.spec.context);
    await this.objects.patch(
      contextSecretsObject(deployment, secrets, owner),
      undefined,
      undefined,
      'operator-sandbox',
      true,
      PatchStrategy.ServerSideApply,
    );
    return { ...deployment, spec: { ...deployment.spec, context } };
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
