import { ResourceType } from '../resources/ResourceType';
import { KubeObject } from '../store/types';
import { tableColumns } from './tableColumns';

/** Whether the client asks for server-side printing (`kubectl get` does). */
export function wantsTable(accept: string | undefined): boolean {
  return /;\s*as=Table/.test(accept ?? '');
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

/**
 * A `meta.k8s.io/v1 Table` of objects for `kubectl get`, with the row objects as
 * `includeObject` asks (default: their metadata as PartialObjectMetadata).
 */
export function toTable(
  type: ResourceType,
  objects: KubeObject[],
  options: {
    resourceVersion?: string;
    continue?: string;
    includeObject?: string;
  },
) {
  const columns = tableColumns(type);
  const include = (options.includeObject ?? 'Metadata') as IncludeObject;
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: {
      ...(options.resourceVersion
        ? { resourceVersion: options.resourceVersion }
        : {}),
      ...(options.continue ? { continue: options.continue } : {}),
    },
    columnDefinitions: columns.map(
      ({ cell: _cell, ...definition }) => definition,
    ),
    rows: objects.map(object => ({
      cells: columns.map(c => c.cell(object)),
      ...(include === 'None'
        ? {}
        : {
            object:
              include === 'Object'
                ? object
                : {
                    kind: 'PartialObjectMetadata',
                    apiVersion: 'meta.k8s.io/v1',
                    metadata: object.metadata,
                  },
          }),
    })),
  };
}
