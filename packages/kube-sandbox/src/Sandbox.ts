import { KubeConfig } from '@kubernetes/client-node';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SandboxApi } from './api/SandboxApi';
import {
  installFlux,
  installVelero,
  seedCluster,
  VELERO_BUCKET,
} from './clusterSetup';
import { Controller, ControllerErrorHandler } from './controllers/Controller';
import { createReconcilers } from './controllers/createReconcilers';
import { ArtifactStorage } from './controllers/flux/ArtifactStorage';
import {
  OBJECT_STORE_CREDENTIALS,
  ObjectStoreServer,
} from './controllers/velero/ObjectStoreServer';
import {
  DEFAULT_WORKLOAD_SETTINGS,
  WorkloadSettings,
} from './controllers/workloads/ContainerRuntime';
import { PodLogs } from './controllers/workloads/PodLogs';
import { kubeconfigYaml } from './kubeconfig';
import { AuthorizationLog } from './rbac/AuthorizationLog';
import {
  serviceAccountCredentials,
  ServiceAccountCredentials,
} from './rbac/serviceAccountCredentials';
import { builtinResourceTypes } from './resources/builtinResourceTypes';
import { ResourceRegistry } from './resources/ResourceRegistry';
import { ApiServer, RequestRecord } from './server/ApiServer';
import { FaultInjector } from './server/FaultInjector';
import { createPodLogHandler } from './server/podLogHandler';
import { ObjectStore } from './store/ObjectStore';
import { createVolumeRoutes } from './server/volumeRoutes';
import { VolumeContents } from './volumes/VolumeContents';
import { IngressSettings } from './controllers/IngressController';
import { StateFile } from './store/StateFile';
import { ensureTools } from './tools/ensureTools';
import { runTool, ToolResult } from './tools/runTool';

/** @public */
export interface SandboxOptions {
  /** The bearer token clients must send. Default: random. */
  token?: string;
  /** The port on 127.0.0.1. Default: any free port. */
  port?: number;
  /**
   * Where the kubeconfig, Flux's artifacts and the volumes' contents are written. Default: a
   * new temporary folder, removed by `stop()`.
   */
  directory?: string;
  /** The namespace of the kubeconfig's context. Default `default`. */
  namespace?: string;
  /** How many changes watches can replay before they get 410 Expired. Default 10,000. */
  historySize?: number;
  /** How often watches that allow bookmarks get one. Default 60 s. */
  bookmarkIntervalMs?: number;
  /** Told about failures inside simulated controllers. Default: console.warn. */
  onControllerError?: ControllerErrorHandler;
  /**
   * The simulated kubelet's delays and container runner (see `sandbox.workloads`), or `false`
   * for no workload controllers at all (no scheduling, kubelet, ReplicaSets, Deployments,
   * StatefulSets or Jobs): a bare API server.
   */
  workloads?: Partial<WorkloadSettings> | false;
  /**
   * The Flux stand-in (helm-controller and source-controller, with their CRDs), which fetches
   * chart sources over the network as Flux does; `false` leaves Flux out.
   */
  flux?: boolean;
  /**
   * The Velero stand-in in namespace `velero`, with an S3-compatible store on loopback (its
   * files in `directory`, default a temporary folder) behind the `default` location; `false`
   * leaves Velero out.
   */
  velero?: { directory?: string } | false;
  /**
   * The ingress controller stand-in, which admits the Ingresses of its class (`sandbox`
   * unless set) and writes their `status.loadBalancer`; `false` leaves it out.
   */
  ingress?: IngressSettings | false;
  /**
   * A JSON file that keeps the cluster across restarts: loaded at start when it exists, and
   * written shortly after changes and at stop. Default: nothing is kept.
   */
  stateFile?: string;
}

/** Where the Velero stand-in keeps backups: the S3 store on loopback. */
export interface SandboxVelero {
  /** The store's URL (`http://127.0.0.1:<port>`), the `s3Url` of the default location. */
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

interface SandboxParts {
  url: string;
  token: string;
  kubeconfigPath: string;
  caCertificate: string;
  kubeConfig: KubeConfig;
  api: SandboxApi;
  workloads: WorkloadSettings;
  volumes: VolumeContents;
  objectStore?: ObjectStoreServer;
  server: ApiServer;
  controllers: Controller[];
  stateFile?: StateFile;
  ownedDirectory?: string;
}

/**
 * A running sandbox: the API server on loopback, its store, the simulated controllers and a
 * kubeconfig pointing at it.
 */
export class Sandbox {
  readonly url: string;
  readonly token: string;
  readonly kubeconfigPath: string;
  /** PEM of the CA that signed the server's certificate (the certificate itself). */
  readonly caCertificate: string;
  /** A client-node KubeConfig for the sandbox (context `kube-sandbox`). */
  readonly kubeConfig: KubeConfig;
  /** The API in-process, for setup and assertions without HTTP. */
  readonly api: SandboxApi;
  /**
   * The simulated kubelet's knobs, read at every step: change delays or the container runner
   * (exit codes, output, crash loops, image pull failures) at any time.
   */
  readonly workloads: WorkloadSettings;
  /** The Velero stand-in's object store, when Velero is on. */
  readonly velero?: SandboxVelero;
  /**
   * The simulated contents of PersistentVolumeClaims (files kept under the sandbox's
   * directory, per claim uid): write and read them here, or over HTTP under
   * `/sandbox/v1/namespaces/<ns>/persistentvolumeclaims/<claim>/files`.
   */
  readonly volumes: VolumeContents;
  readonly #parts: SandboxParts;

  private constructor(parts: SandboxParts) {
    this.url = parts.url;
    this.token = parts.token;
    this.kubeconfigPath = parts.kubeconfigPath;
    this.caCertificate = parts.caCertificate;
    this.kubeConfig = parts.kubeConfig;
    this.api = parts.api;
    this.workloads = parts.workloads;
    this.volumes = parts.volumes;
    this.velero = parts.objectStore && {
      endpoint: parts.objectStore.endpoint,
      bucket: VELERO_BUCKET,
      credentials: OBJECT_STORE_CREDENTIALS,
    };
    this.#parts = parts;
  }

  static async start(options: SandboxOptions = {}): Promise<Sandbox> {
    const token = options.token ?? randomBytes(24).toString('hex');
    const snapshot = options.stateFile
      ? await StateFile.load(options.stateFile)
      : undefined;
    const store = ObjectStore.create({
      historySize: options.historySize ?? 10_000,
      snapshot,
    });
    const api = SandboxApi.create({
      store,
      registry: ResourceRegistry.create({ types: builtinResourceTypes() }),
    });
    if (!snapshot) {
      seedCluster(api);
    }
    const workloads = {
      ...DEFAULT_WORKLOAD_SETTINGS,
      ...(options.workloads || {}),
    };
    const podLogs = PodLogs.create();
    const onError: ControllerErrorHandler =
      options.onControllerError ??
      ((controller, key, error) =>
        // eslint-disable-next-line no-console
        console.warn(
          `kube-sandbox: controller ${controller} failed on ${key}:`,
          error,
        ));

    const started: {
      controllers: Controller[];
      objectStore?: ObjectStoreServer;
      server?: ApiServer;
      ownedDirectory?: string;
    } = {
      controllers: [],
    };
    try {
      started.ownedDirectory = options.directory
        ? undefined
        : await fs.mkdtemp(path.join(os.tmpdir(), 'kube-sandbox-'));
      const directory = options.directory ?? started.ownedDirectory!;
      await fs.mkdir(directory, { recursive: true });
      const volumes = VolumeContents.create({
        api,
        directory: path.join(directory, 'volumes'),
      });
      if (options.velero !== false) {
        started.objectStore = await ObjectStoreServer.start({
          directory: options.velero?.directory,
          buckets: [VELERO_BUCKET],
        });
      }
      const reconcilers = createReconcilers({
        api,
        workloads: options.workloads === false ? undefined : workloads,
        podLogs,
        fluxStorage:
          options.flux === false
            ? undefined
            : ArtifactStorage.create({
                directory: path.join(directory, 'flux-artifacts'),
              }),
        tools: () => ensureTools(),
        velero: started.objectStore !== undefined,
        volumes,
        ingress: options.ingress === false ? undefined : options.ingress ?? {},
      });
      started.controllers = reconcilers.map(reconciler =>
        Controller.create({ store, reconciler, onError }),
      );
      started.controllers.forEach(c => c.start());
      // Installed with the controllers running, so that the CRDs are served at once.
      if (options.flux !== false) {
        installFlux(api);
      }
      if (started.objectStore) {
        installVelero(api, started.objectStore.endpoint);
      }
      started.server = await ApiServer.create({
        api,
        token,
        port: options.port,
        bookmarkIntervalMs: options.bookmarkIntervalMs,
        podLogHandler: createPodLogHandler({ api, logs: podLogs }),
        sandboxHandler: createVolumeRoutes(volumes),
      });
      const kubeconfigPath = path.join(directory, 'kubeconfig');
      const caCertificate = started.server.certificate.cert;
      const yaml = kubeconfigYaml({
        url: started.server.url,
        token,
        namespace: options.namespace ?? 'default',
        caCertificate,
      });
      await fs.writeFile(kubeconfigPath, yaml, { mode: 0o600 });
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromString(yaml);
      return new Sandbox({
        url: started.server.url,
        token,
        kubeconfigPath,
        caCertificate,
        kubeConfig,
        api,
        workloads,
        volumes,
        objectStore: started.objectStore,
        server: started.server,
        controllers: started.controllers,
        stateFile: options.stateFile
          ? StateFile.watch(options.stateFile, store)
          : undefined,
        ownedDirectory: started.ownedDirectory,
      });
    } catch (error) {
      await started.server?.stop();
      await Promise.all(started.controllers.map(c => c.stop()));
      await started.objectStore?.stop();
      if (started.ownedDirectory) {
        await fs.rm(started.ownedDirectory, { recursive: true, force: true });
      }
      throw error;
    }
  }

  /** Fault injection for HTTP clients: failures, delays, conflicts, dropped and expired watches. */
  get faults(): FaultInjector {
    return this.#parts.server.faults;
  }

  /** The most recent HTTP requests, to check what a client sent. */
  get requests(): readonly RequestRecord[] {
    return this.#parts.server.requests;
  }

  /**
   * Every HTTP request since the start, counted by `<user> <verb> <group>/<plural>`
   * (`/<subresource>` when there is one; `<user> <method> <path>` for other paths), for
   * benchmarks that count beyond the last 1,000.
   */
  get requestCounts(): ReadonlyMap<string, number> {
    return this.#parts.server.requestCounts;
  }

  /** How many watch streams are open. */
  get openWatches(): number {
    return this.#parts.server.openWatches;
  }

  /** Every distinct RBAC decision the API server made, and its 403s per user. */
  get authorizations(): AuthorizationLog {
    return this.#parts.server.guard.log;
  }

  /**
   * A token and a kubeconfig of an existing ServiceAccount (through its token Secret
   * `<name>-sa-token`), to run a client under the account's RBAC.
   */
  serviceAccountCredentials(
    namespace: string,
    name: string,
  ): Promise<ServiceAccountCredentials> {
    return serviceAccountCredentials({
      api: this.api,
      url: this.url,
      caCertificate: this.caCertificate,
      directory: path.dirname(this.kubeconfigPath),
      namespace,
      name,
    });
  }

  /**
   * Runs the shipped kubectl against this sandbox (its kubeconfig, and a discovery cache beside
   * it so that nothing lands in the home folder).
   */
  async kubectl(
    args: string[],
    options: { input?: string } = {},
  ): Promise<ToolResult> {
    const { kubectl } = await ensureTools();
    return runTool(kubectl, args, {
      input: options.input,
      env: {
        ...process.env,
        KUBECONFIG: this.kubeconfigPath,
        KUBECACHEDIR: path.join(
          path.dirname(this.kubeconfigPath),
          'kubectl-cache',
        ),
      },
    });
  }

  /**
   * Runs the shipped helm (v4) against this sandbox: its kubeconfig, and helm's cache, config
   * and data folders beside it so that nothing lands in the home folder.
   */
  async helm(
    args: string[],
    options: { input?: string } = {},
  ): Promise<ToolResult> {
    const { helm } = await ensureTools();
    const home = path.join(path.dirname(this.kubeconfigPath), 'helm');
    return runTool(helm, args, {
      input: options.input,
      env: {
        ...process.env,
        KUBECONFIG: this.kubeconfigPath,
        HELM_CACHE_HOME: path.join(home, 'cache'),
        HELM_CONFIG_HOME: path.join(home, 'config'),
        HELM_DATA_HOME: path.join(home, 'data'),
      },
    });
  }

  /** Stops serving, ends every watch, stops the controllers and removes what it wrote. */
  async stop(): Promise<void> {
    await this.#parts.server.stop();
    await Promise.all(this.#parts.controllers.map(c => c.stop()));
    await this.#parts.objectStore?.stop();
    await this.#parts.stateFile?.stop();
    if (this.#parts.ownedDirectory) {
      await fs.rm(this.#parts.ownedDirectory, { recursive: true, force: true });
    }
  }
}

/** Starts a sandbox; see SandboxOptions. */
export function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return Sandbox.start(options);
}
