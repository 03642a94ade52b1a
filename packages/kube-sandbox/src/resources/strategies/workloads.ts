import { LabelSelector } from '../../store/LabelSelector';
import { KubeObject } from '../../store/types';
import { deepEqual, JsonMap } from '../../util/json';
import { forbidden, immutable, invalid, required } from '../fieldErrors';
import { applyPodSpecDefaults, validatePodSpec } from '../podSpec';
import { ResourceStrategy, StatusCause } from '../ResourceType';

/** The checks every controller with a selector and a pod template shares. */
export function validateSelectorAndTemplate(
  object: KubeObject,
  old: KubeObject | undefined,
  restartPolicies: string[],
): StatusCause[] {
  const spec: JsonMap = object.spec ?? {};
  const causes: StatusCause[] = [];
  if (typeof spec.replicas === 'number' && spec.replicas < 0) {
    causes.push(
      invalid(
        'spec.replicas',
        spec.replicas,
        'must be greater than or equal to 0',
      ),
    );
  }
  const selector = spec.selector;
  if (!selector || (!selector.matchLabels && !selector.matchExpressions)) {
    causes.push(required('spec.selector'));
  } else {
    const labels = spec.template?.metadata?.labels;
    if (!LabelSelector.fromSpec(selector).matches(labels)) {
      causes.push(
        invalid(
          'spec.template.metadata.labels',
          labels ?? {},
          '`selector` does not match template `labels`',
        ),
      );
    }
    if (old && !deepEqual(selector, old.spec?.selector)) {
      causes.push(immutable('spec.selector', selector));
    }
  }
  causes.push(
    ...validatePodSpec(
      spec.template?.spec,
      'spec.template.spec',
      restartPolicies,
    ),
  );
  return causes;
}

function defaults(spec: JsonMap | undefined, values: JsonMap): void {
  if (!spec) {
    return;
  }
  for (const [field, value] of Object.entries(values)) {
    spec[field] ??= value;
  }
  applyPodSpecDefaults(spec.template?.spec);
}

export const deploymentStrategy: ResourceStrategy = {
  applyDefaults(deployment) {
    defaults(deployment.spec, {
      replicas: 1,
      strategy: { type: 'RollingUpdate' },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    });
    const strategy = deployment.spec?.strategy;
    if (strategy?.type === 'RollingUpdate') {
      strategy.rollingUpdate ??= {};
      strategy.rollingUpdate.maxUnavailable ??= '25%';
      strategy.rollingUpdate.maxSurge ??= '25%';
    }
  },
  validate: (deployment, old) =>
    validateSelectorAndTemplate(deployment, old, ['Always']),
};

export const replicaSetStrategy: ResourceStrategy = {
  applyDefaults(replicaSet) {
    defaults(replicaSet.spec, { replicas: 1 });
  },
  validate: (replicaSet, old) =>
    validateSelectorAndTemplate(replicaSet, old, ['Always']),
};

export const daemonSetStrategy: ResourceStrategy = {
  applyDefaults(daemonSet) {
    defaults(daemonSet.spec, {
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: 1, maxSurge: 0 },
      },
      revisionHistoryLimit: 10,
    });
  },
  validate: (daemonSet, old) =>
    validateSelectorAndTemplate(daemonSet, old, ['Always']),
};

const STATEFUL_SET_MUTABLE = [
  'replicas',
  'ordinals',
  'template',
  'updateStrategy',
  'persistentVolumeClaimRetentionPolicy',
  'minReadySeconds',
  'revisionHistoryLimit',
];

export const statefulSetStrategy: ResourceStrategy = {
  applyDefaults(statefulSet) {
    defaults(statefulSet.spec, {
      replicas: 1,
      podManagementPolicy: 'OrderedReady',
      updateStrategy: {
        type: 'RollingUpdate',
        rollingUpdate: { partition: 0 },
      },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: {
        whenDeleted: 'Retain',
        whenScaled: 'Retain',
      },
    });
  },
  validate(statefulSet, old) {
    const causes = validateSelectorAndTemplate(statefulSet, old, ['Always']);
    if (old) {
      const fixed = (spec: JsonMap = {}) =>
        Object.fromEntries(
          Object.entries(spec).filter(
            ([field]) => !STATEFUL_SET_MUTABLE.includes(field),
          ),
        );
      if (!deepEqual(fixed(statefulSet.spec), fixed(old.spec))) {
        causes.push(
          forbidden(
            'spec',
            "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
          ),
        );
      }
    }
    return causes;
  },
};
