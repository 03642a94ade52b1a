import type { KubernetesEvent } from '@styrmin/sdk';

/** The Events of infrahub's namespace shortly after its create, newest first. */
export const kubernetesEvents: KubernetesEvent[] = [
  {
    cluster: 'sandbox',
    type: 'Warning',
    reason: 'BackOff',
    object: 'Pod/infrahub-task-worker-7f9c-x2k4p',
    related: null,
    source: 'kubelet',
    message: 'Back-off restarting failed container worker',
    count: 4,
    lastSeen: '2025-03-05T08:09:30.000Z',
  },
  {
    cluster: 'sandbox',
    type: 'Normal',
    reason: 'Reconciled',
    object: 'ConfigMap/styrmin-deployment',
    related: 'StyrminDeployment/3b8d2c41',
    source: 'styrmin-operator',
    message: 'Instance 1f2e is deployed',
    count: 1,
    lastSeen: '2025-03-05T08:07:00.000Z',
  },
  {
    cluster: 'sandbox',
    type: 'Normal',
    reason: 'ScalingReplicaSet',
    object: 'Deployment/infrahub-infrahub-server',
    related: null,
    source: 'deployment-controller',
    message: 'Scaled up replica set infrahub-infrahub-server-5d9c to 1',
    count: 1,
    lastSeen: '2025-03-05T08:00:00.000Z',
  },
];
