import { DeploymentObservedState } from '@styrmin/sdk';

/*
 * What the table format shows of what the agent observed of a deployment: its
 * StyrminDeployment's status, its components, pods and services.
 */

export function observedStatusView({
  deploymentStatus: status,
}: DeploymentObservedState) {
  if (!status) {
    return { observed: 'not yet reported by the agent' };
  }
  const ready = { true: 'Ready', false: 'Not ready', null: 'Unknown' }[
    `${status.ready}`
  ];
  const why = [status.reason, status.message].filter(Boolean).join(': ');
  return {
    observed: why ? `${ready} (${why})` : ready,
    observedAt: status.observedAt,
  };
}

export function componentRows({ components }: DeploymentObservedState) {
  return components.map(component => ({
    component: component.name,
    replicas: component.desiredReplicas ?? 'chart',
    pods: component.pods,
    ready: component.readyReplicas,
    stopped: component.stopped,
  }));
}

export function podRows({ pods }: DeploymentObservedState) {
  return pods.map(pod => ({
    pod: pod.name,
    component: pod.component ?? undefined,
    phase: pod.phase,
    ready: pod.ready,
    restarts: pod.restarts,
    reason: pod.reason ?? undefined,
  }));
}

export function serviceRows({ services }: DeploymentObservedState) {
  return services.map(service => ({
    service: service.name,
    component: service.component,
    url: service.url,
    type: service.type,
  }));
}
