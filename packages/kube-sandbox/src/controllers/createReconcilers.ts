import { SandboxApi } from '../api/SandboxApi';
import { ToolPaths } from '../tools/ensureTools';
import { Reconciler } from './Controller';
import { CustomResourceDefinitionController } from './CustomResourceDefinitionController';
import { ArtifactStorage } from './flux/ArtifactStorage';
import { HelmReleaseReconciler } from './flux/helm/HelmReleaseReconciler';
import { createGitRepositoryReconciler } from './flux/source/GitRepositoryReconciler';
import { createHelmChartReconciler } from './flux/source/HelmChartReconciler';
import { createHelmRepositoryReconciler } from './flux/source/HelmRepositoryReconciler';
import { createOCIRepositoryReconciler } from './flux/source/OCIRepositoryReconciler';
import { EventExpiry } from './EventExpiry';
import { GarbageCollector } from './GarbageCollector';
import { IngressController, IngressSettings } from './IngressController';
import { NamespaceController } from './NamespaceController';
import { ServiceAccountController } from './ServiceAccountController';
import { ServiceAccountTokenController } from './ServiceAccountTokenController';
import { BackupController } from './velero/BackupController';
import { BackupGarbageCollector } from './velero/BackupGarbageCollector';
import { BackupStorageLocationController } from './velero/BackupStorageLocationController';
import { DeleteBackupRequestController } from './velero/DeleteBackupRequestController';
import { RestoreController } from './velero/RestoreController';
import { WorkloadSettings } from './workloads/ContainerRuntime';
import { DeploymentController } from './workloads/DeploymentController';
import { JobController } from './workloads/JobController';
import { KubeletSimulator } from './workloads/KubeletSimulator';
import { PodLogs } from './workloads/PodLogs';
import { ReplicaSetController } from './workloads/ReplicaSetController';
import { StatefulSetController } from './workloads/StatefulSetController';
import { VolumeBinder } from '../volumes/VolumeBinder';
import { VolumeContents } from '../volumes/VolumeContents';

export interface CreateReconcilersOptions {
  api: SandboxApi;
  /** The simulated kubelet's knobs, or undefined for no workload controllers. */
  workloads?: WorkloadSettings;
  podLogs: PodLogs;
  /** Where the Flux stand-in keeps source artifacts, or undefined for no Flux. */
  fluxStorage?: ArtifactStorage;
  tools: () => Promise<ToolPaths>;
  velero: boolean;
  /** The claims' simulated contents, which the binder and Velero's file-system backup use. */
  volumes: VolumeContents;
  /** The ingress controller stand-in's settings, or undefined for none. */
  ingress?: IngressSettings;
}

/**
 * The simulated controllers a sandbox runs: always the control plane's own (CRDs, namespaces,
 * service accounts, garbage collection, volume binding), then the workloads, the ingress
 * controller, Flux and Velero when they are on.
 */
export function createReconcilers(
  options: CreateReconcilersOptions,
): Reconciler[] {
  const { api, workloads, fluxStorage } = options;
  const reconcilers: Reconciler[] = [
    CustomResourceDefinitionController.create({ api }),
    NamespaceController.create({ api }),
    ServiceAccountController.create({ api }),
    ServiceAccountTokenController.create({ api }),
    EventExpiry.create({ api }),
    GarbageCollector.create({ api }),
    VolumeBinder.create({ api, contents: options.volumes }),
  ];
  if (workloads) {
    reconcilers.push(
      KubeletSimulator.create({
        api,
        settings: workloads,
        logs: options.podLogs,
      }),
      ReplicaSetController.create({ api }),
      DeploymentController.create({ api }),
      StatefulSetController.create({ api }),
      JobController.create({
        api,
        retryDelayMs: () => workloads.crashBackoffMs,
      }),
    );
  }
  if (options.ingress) {
    reconcilers.push(IngressController.create({ api, ...options.ingress }));
  }
  if (fluxStorage) {
    reconcilers.push(
      createHelmRepositoryReconciler({ api, storage: fluxStorage }),
      createOCIRepositoryReconciler({ api, storage: fluxStorage }),
      createGitRepositoryReconciler({ api, storage: fluxStorage }),
      createHelmChartReconciler({ api, storage: fluxStorage }),
      HelmReleaseReconciler.create({
        api,
        storage: fluxStorage,
        tools: options.tools,
      }),
    );
  }
  if (options.velero) {
    reconcilers.push(
      BackupStorageLocationController.create({ api }),
      BackupController.create({ api, volumes: options.volumes }),
      RestoreController.create({ api, volumes: options.volumes }),
      DeleteBackupRequestController.create({ api }),
      BackupGarbageCollector.create({ api }),
    );
  }
  return reconcilers;
}
