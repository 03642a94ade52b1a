import { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import {
  putSecretValues,
  takeSecretValues,
} from '../../styrminDeployment/contextSecrets';
import {
  childLabels,
  controllerReference,
} from '../../styrminDeployment/labels';
import {
  StyrminDeployment,
  StyrminDeploymentSpec,
} from '../../styrminDeployment/StyrminDeployment';
import { ChartValues, renderValues } from './values';

/** The key of a values Secret: the chart values that hold secret values, as YAML. */
export const SECRET_VALUES_KEY = 'values.yaml';

/** A `spec.valuesFrom` entry of a HelmRelease. */
export type ValuesReference = {
  kind: 'Secret';
  name: string;
  valuesKey: string;
};

const isMap = (value: unknown): value is ChartValues =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The chart values split in two: those that hold no secret value, which the HelmRelease
 * carries inline, and those that do, which it reads from a Secret (`valuesFrom`). Which is
 * which comes from rendering the values template once more with every secret value of the
 * context replaced by a stand-in: whatever renders differently depends on a secret, however
 * the template transforms it (quoted, encoded, in a URL). A map is split key by key; a
 * list or a scalar that differs moves whole, since Flux merges maps but replaces lists. A
 * template that does not render with the stand-ins moves every value to the Secret.
 */
export function splitSecretValues(
  spec: StyrminDeploymentSpec,
  values: ChartValues,
): { inline: ChartValues; secret: ChartValues } {
  const { context, secrets } = takeSecretValues(spec.context);
  if (secrets.length === 0) {
    return { inline: values, secret: {} };
  }
  let standIn: ChartValues;
  try {
    standIn = renderValues({
      ...spec,
      context: putSecretValues(
        context,
        secrets.map(({ path }, index) => ({
          path,
          value: `styrmin-secret-stand-in-${index}`,
        })),
      ),
    });
  } catch {
    return { inline: {}, secret: values };
  }
  return split(values, standIn);
}

function split(
  values: ChartValues,
  standIn: ChartValues,
): { inline: ChartValues; secret: ChartValues } {
  const inline: ChartValues = {};
  const secret: ChartValues = {};
  for (const [key, value] of Object.entries(values)) {
    const other = standIn[key];
    if (isMap(value) && isMap(other)) {
      const inner = split(value, other);
      if (
        Object.keys(inner.inline).length > 0 ||
        Object.keys(value).length === 0
      ) {
        inline[key] = inner.inline;
      }
      if (Object.keys(inner.secret).length > 0) {
        secret[key] = inner.secret;
      }
    } else if (Object.hasOwn(standIn, key) && isDeepStrictEqual(value, other)) {
      inline[key] = value;
    } else {
      secret[key] = value;
    }
  }
  return { inline, secret };
}

/**
 * The Secret that holds a deployment's secret chart values, which its HelmRelease reads
 * through `valuesFrom`: next to it, owned by the StyrminDeployment, one per instance, so
 * that a new instance's secret values change the HelmRelease's spec and Flux upgrades.
 */
export function secretValuesObject(
  deployment: StyrminDeployment,
  secret: ChartValues,
): V1Secret & KubernetesObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: `${deployment.metadata!.name}-values-${deployment.spec.instanceId}`,
      namespace: deployment.metadata!.namespace,
      labels: childLabels(deployment),
      ownerReferences: [controllerReference(deployment)],
    },
    type: 'Opaque',
    data: {
      [SECRET_VALUES_KEY]: Buffer.from(stringify(secret)).toString('base64'),
    },
  };
}
