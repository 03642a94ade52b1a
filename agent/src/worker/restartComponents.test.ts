import { V1Deployment, V1StatefulSet } from '@kubernetes/client-node';
import { RESTARTED_AT_ANNOTATION } from '../operator/desired/componentPatches';
import { rolledOut } from './restartComponents';

const AT = '2026-12-02T00:10:00.000Z';

/** A workload at generation 2 whose template carries `annotation` as its restart. */
function workload(
  annotation: string | undefined,
  status: Record<string, number>,
  replicas = 2,
): V1Deployment & V1StatefulSet {
  return {
    metadata: { name: 'server', generation: 2 },
    spec: {
      replicas,
      selector: {},
      serviceName: 'server',
      template: {
        metadata: {
          annotations: annotation
            ? { [RESTARTED_AT_ANNOTATION]: annotation }
            : {},
        },
      },
    },
    status: { replicas: 0, ...status } as any,
  };
}

describe('rolledOut', () => {
  const done = {
    observedGeneration: 2,
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: 2,
    availableReplicas: 2,
  };

  it.each<[string, 'Deployment' | 'StatefulSet', V1Deployment, boolean]>([
    [
      'every pod of the new template available',
      'Deployment',
      workload(AT, done),
      true,
    ],
    [
      'a template without the restart yet (Helm has not upgraded)',
      'Deployment',
      workload(undefined, done),
      false,
    ],
    [
      'the template of an earlier restart',
      'Deployment',
      workload('2026-12-01T00:00:00.000Z', done),
      false,
    ],
    [
      'a generation its controller has not observed',
      'Deployment',
      workload(AT, { ...done, observedGeneration: 1 }),
      false,
    ],
    [
      'a pod of the old template left',
      'Deployment',
      workload(AT, { ...done, replicas: 3 }),
      false,
    ],
    [
      'a new pod not available yet',
      'Deployment',
      workload(AT, { ...done, availableReplicas: 1 }),
      false,
    ],
    [
      'a stopped component: nothing to replace',
      'Deployment',
      workload(AT, { observedGeneration: 2 }, 0),
      true,
    ],
    [
      'a StatefulSet whose pods are all updated and ready',
      'StatefulSet',
      workload(AT, done),
      true,
    ],
    [
      'a StatefulSet with a pod not updated',
      'StatefulSet',
      workload(AT, { ...done, updatedReplicas: 1 }),
      false,
    ],
  ])('%s: %s', (_case, kind, object, expected) => {
    expect(rolledOut(kind, object, AT)).toBe(expected);
  });
});
