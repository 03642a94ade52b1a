import { parse as parseYaml } from 'yaml';
import { SandboxApi } from '../../../api/SandboxApi';
import { KubeObject } from '../../../store/types';
import { clone, isPlainObject, JsonMap } from '../../../util/json';

/** Helm's coalescing: maps merge key by key, anything else replaces. */
function mergeValues(base: JsonMap, overlay: JsonMap): JsonMap {
  const result = clone(base);
  for (const [key, value] of Object.entries(overlay)) {
    result[key] =
      isPlainObject(value) && isPlainObject(result[key])
        ? mergeValues(result[key], value)
        : clone(value);
  }
  return result;
}

function setAtPath(values: JsonMap, dotted: string, value: string): void {
  const parts = dotted.split('.');
  let target = values;
  for (const part of parts.slice(0, -1)) {
    target[part] = isPlainObject(target[part]) ? target[part] : {};
    target = target[part];
  }
  target[parts[parts.length - 1]] = value;
}

/**
 * A HelmRelease's values as helm-controller composes them: each `valuesFrom` reference in
 * order (a ConfigMap's or Secret's `valuesKey`, default `values.yaml`, merged whole or set at
 * `targetPath`), then the inline `values` on top. A missing reference that is not `optional`
 * is an error with helm-controller's wording.
 */
export function composeValues(api: SandboxApi, release: KubeObject): JsonMap {
  let values: JsonMap = {};
  const namespace = release.metadata.namespace!;
  for (const reference of release.spec.valuesFrom ?? []) {
    const key: string = reference.valuesKey ?? 'values.yaml';
    const plural = reference.kind === 'Secret' ? '/secrets' : '/configmaps';
    const holder = api.store.get(plural, namespace, reference.name);
    let text: string | undefined = holder?.data?.[key];
    if (text !== undefined && reference.kind === 'Secret') {
      text = Buffer.from(text, 'base64').toString('utf8');
    }
    if (text === undefined) {
      if (reference.optional) {
        continue;
      }
      throw new Error(
        `could not resolve ${reference.kind} chart values reference '${namespace}/${reference.name}' with key '${key}'`,
      );
    }
    if (reference.targetPath) {
      setAtPath(values, reference.targetPath, text);
    } else {
      values = mergeValues(values, parseYaml(text) ?? {});
    }
  }
  return mergeValues(values, release.spec.values ?? {});
}
