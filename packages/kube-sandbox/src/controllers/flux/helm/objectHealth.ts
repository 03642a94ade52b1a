import { KubeObject } from '../../../store/types';
import { JsonMap } from '../../../util/json';
import { findCondition } from '../../conditions';

/**
 * Whether an applied object is ready, the way Flux's health checks (kstatus) judge the kinds
 * the sandbox simulates: Deployments rolled out and available, StatefulSets ready at their
 * update revision, Jobs complete, Pods ready. Kinds without a simulated controller (DaemonSets,
 * standalone claims) and everything else count as ready once they exist.
 */
export function isHealthy(object: KubeObject): boolean {
  const status: JsonMap = object.status ?? {};
  const observed =
    status.observedGeneration === undefined ||
    status.observedGeneration >= (object.metadata.generation ?? 0);
  switch (`${object.apiVersion}/${object.kind}`) {
    case 'apps/v1/Deployment': {
      const replicas = object.spec?.replicas ?? 1;
      return (
        status.observedGeneration >= (object.metadata.generation ?? 0) &&
        (status.updatedReplicas ?? 0) === replicas &&
        (status.availableReplicas ?? 0) === replicas &&
        (status.replicas ?? 0) === replicas
      );
    }
    case 'apps/v1/StatefulSet': {
      const replicas = object.spec?.replicas ?? 1;
      return (
        status.observedGeneration >= (object.metadata.generation ?? 0) &&
        (status.readyReplicas ?? 0) === replicas &&
        status.currentRevision === status.updateRevision
      );
    }
    case 'batch/v1/Job':
      return findCondition(status.conditions, 'Complete')?.status === 'True';
    case 'v1/Pod':
      return (
        status.phase === 'Succeeded' ||
        findCondition(status.conditions, 'Ready')?.status === 'True'
      );
    default:
      return observed;
  }
}

/** Whether an applied object has failed for good (a failed Job, a failed Pod). */
export function hasFailed(object: KubeObject): boolean {
  switch (`${object.apiVersion}/${object.kind}`) {
    case 'batch/v1/Job':
      return (
        findCondition(object.status?.conditions, 'Failed')?.status === 'True'
      );
    case 'v1/Pod':
      return object.status?.phase === 'Failed';
    default:
      return false;
  }
}
