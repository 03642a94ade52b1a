import { getPath, setPath } from '../resources/jsonPath';
import { ResourceType, ScaleSubresource } from '../resources/ResourceType';
import { LabelSelector, LabelSelectorSpec } from '../store/LabelSelector';
import { KubeObject } from '../store/types';
import { clone } from '../util/json';

/** The `autoscaling/v1 Scale` view of an object with a scale subresource. */
export function toScale(
  object: KubeObject,
  scale: ScaleSubresource,
): KubeObject {
  const selector = scale.labelSelectorPath
    ? getPath(object, scale.labelSelectorPath)
    : undefined;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: object.metadata.name,
      namespace: object.metadata.namespace,
      uid: object.metadata.uid,
      resourceVersion: object.metadata.resourceVersion,
      creationTimestamp: object.metadata.creationTimestamp,
    },
    spec: {
      replicas:
        (getPath(object, scale.specReplicasPath) as number | undefined) ?? 0,
    },
    status: {
      replicas:
        (getPath(object, scale.statusReplicasPath) as number | undefined) ?? 0,
      // Built-in workloads keep a selector object; custom resources a selector string.
      ...(selector === undefined
        ? {}
        : {
            selector:
              typeof selector === 'string'
                ? selector
                : LabelSelector.fromSpec(
                    selector as LabelSelectorSpec,
                  ).toString(),
          }),
    },
  };
}

/** The object a Scale write asks for: the replicas set, with the Scale's resourceVersion. */
export function fromScale(
  object: KubeObject,
  written: KubeObject,
  type: ResourceType,
): KubeObject {
  const result = clone(object);
  setPath(result, type.scale!.specReplicasPath, written.spec?.replicas ?? 0);
  result.metadata.resourceVersion = written.metadata?.resourceVersion;
  return result;
}
