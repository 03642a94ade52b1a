import { StatusCause } from './ResourceType';
import { duplicate, notSupported, required } from './fieldErrors';

/*
 * PodSpec defaults and checks shared by Pods and every pod template. The defaults are those of
 * k8s.io/kubernetes/pkg/apis/core/v1/defaults.go that show up in objects read back, so a
 * client comparing what it wrote with what it reads sees what a real cluster would show.
 */

type Json = Record<string, any>;

function setDefault(object: Json, field: string, value: unknown): void {
  if (object[field] === undefined) {
    object[field] = value;
  }
}

function imageTag(image: string): string | undefined {
  const withoutDigest = image.split('@')[0];
  const lastSegment = withoutDigest.slice(withoutDigest.lastIndexOf('/') + 1);
  const colon = lastSegment.indexOf(':');
  return colon < 0 ? undefined : lastSegment.slice(colon + 1);
}

function applyProbeDefaults(probe: Json | undefined): void {
  if (!probe) {
    return;
  }
  setDefault(probe, 'timeoutSeconds', 1);
  setDefault(probe, 'periodSeconds', 10);
  setDefault(probe, 'successThreshold', 1);
  setDefault(probe, 'failureThreshold', 3);
  if (probe.httpGet) {
    setDefault(probe.httpGet, 'path', '/');
    setDefault(probe.httpGet, 'scheme', 'HTTP');
  }
}

function applyContainerDefaults(container: Json): void {
  setDefault(container, 'terminationMessagePath', '/dev/termination-log');
  setDefault(container, 'terminationMessagePolicy', 'File');
  if (typeof container.image === 'string') {
    const tag = imageTag(container.image);
    const digest = container.image.includes('@');
    setDefault(
      container,
      'imagePullPolicy',
      !digest && (tag === undefined || tag === 'latest')
        ? 'Always'
        : 'IfNotPresent',
    );
  }
  setDefault(container, 'resources', {});
  for (const port of container.ports ?? []) {
    setDefault(port, 'protocol', 'TCP');
  }
  for (const env of container.env ?? []) {
    if (env.valueFrom?.fieldRef) {
      setDefault(env.valueFrom.fieldRef, 'apiVersion', 'v1');
    }
  }
  applyProbeDefaults(container.livenessProbe);
  applyProbeDefaults(container.readinessProbe);
  applyProbeDefaults(container.startupProbe);
}

/** Fills in the defaults of a PodSpec in place. */
export function applyPodSpecDefaults(spec: Json | undefined): void {
  if (!spec) {
    return;
  }
  setDefault(spec, 'restartPolicy', 'Always');
  setDefault(spec, 'terminationGracePeriodSeconds', 30);
  setDefault(spec, 'dnsPolicy', 'ClusterFirst');
  setDefault(spec, 'securityContext', {});
  setDefault(spec, 'schedulerName', 'default-scheduler');
  for (const container of [
    ...(spec.initContainers ?? []),
    ...(spec.containers ?? []),
  ]) {
    applyContainerDefaults(container);
  }
  for (const volume of spec.volumes ?? []) {
    if (volume.configMap) {
      setDefault(volume.configMap, 'defaultMode', 420);
    }
    if (volume.secret) {
      setDefault(volume.secret, 'defaultMode', 420);
    }
  }
}

/** The checks of a PodSpec at `field` (`spec`, `spec.template.spec`). */
export function validatePodSpec(
  spec: Json | undefined,
  field: string,
  restartPolicies = ['Always', 'OnFailure', 'Never'],
): StatusCause[] {
  if (!spec) {
    return [required(field)];
  }
  const causes: StatusCause[] = [];
  const containers: Json[] = spec.containers ?? [];
  if (containers.length === 0) {
    causes.push(required(`${field}.containers`));
  }
  const names = new Set<string>();
  for (const [listName, list] of [
    ['initContainers', spec.initContainers ?? []],
    ['containers', containers],
  ] as const) {
    list.forEach((container: Json, index: number) => {
      const at = `${field}.${listName}[${index}]`;
      if (!container.name) {
        causes.push(required(`${at}.name`));
      } else if (names.has(container.name)) {
        causes.push(duplicate(`${at}.name`, container.name));
      } else {
        names.add(container.name);
      }
      if (!container.image) {
        causes.push(required(`${at}.image`));
      }
    });
  }
  if (!restartPolicies.includes(spec.restartPolicy)) {
    causes.push(
      notSupported(
        `${field}.restartPolicy`,
        spec.restartPolicy,
        restartPolicies,
      ),
    );
  }
  return causes;
}
