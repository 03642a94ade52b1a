import { KubeObject } from '../../store/types';
import { deepEqual, JsonMap } from '../../util/json';
import { forbidden } from '../fieldErrors';
import { applyPodSpecDefaults, validatePodSpec } from '../podSpec';
import { ResourceStrategy } from '../ResourceType';

const UPDATE_FORBIDDEN =
  'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/** The quality of service class the kubelet derives from requests and limits. */
function qosClass(spec: JsonMap): string {
  const containers: JsonMap[] = [
    ...(spec.initContainers ?? []),
    ...(spec.containers ?? []),
  ];
  const resources = containers.map(c => c.resources ?? {});
  if (resources.every(r => !r.requests && !r.limits)) {
    return 'BestEffort';
  }
  const guaranteed = resources.every(
    r =>
      r.limits?.cpu &&
      r.limits?.memory &&
      (!r.requests || deepEqual({ ...r.limits, ...r.requests }, r.limits)),
  );
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** The fields of a Pod's spec that updates may change. */
function mutableView(spec: JsonMap | undefined): JsonMap {
  const strip = (containers: JsonMap[] | undefined) =>
    containers?.map(({ image: _image, ...rest }) => rest);
  const {
    activeDeadlineSeconds: _deadline,
    tolerations: _tolerations,
    terminationGracePeriodSeconds: _grace,
    ...rest
  } = spec ?? {};
  return {
    ...rest,
    containers: strip(rest.containers),
    initContainers: strip(rest.initContainers),
  };
}

export const podStrategy: ResourceStrategy = {
  applyDefaults(pod: KubeObject) {
    applyPodSpecDefaults(pod.spec);
    if (pod.spec) {
      pod.spec.enableServiceLinks ??= true;
      pod.spec.serviceAccountName ??= pod.spec.serviceAccount ?? 'default';
      pod.spec.serviceAccount ??= pod.spec.serviceAccountName;
      pod.spec.priority ??= 0;
    }
  },
  prepareForCreate(pod: KubeObject) {
    pod.status = { phase: 'Pending', qosClass: qosClass(pod.spec ?? {}) };
  },
  validate(pod: KubeObject, old?: KubeObject) {
    const causes = validatePodSpec(pod.spec, 'spec');
    if (old && !deepEqual(mutableView(pod.spec), mutableView(old.spec))) {
      causes.push(forbidden('spec', UPDATE_FORBIDDEN));
    }
    return causes;
  },
};
