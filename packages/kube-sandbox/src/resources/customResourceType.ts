import { KubeObject } from '../store/types';
import { JsonMap } from '../util/json';
import { getPath } from './jsonPath';
import { listSemanticsFor } from './listSemantics';
import { PrinterColumn, ResourceStrategy, ResourceType } from './ResourceType';
import { pruneAndDefault, Schema, validateSchema } from './structuralSchema';

/**
 * Orders versions as Kubernetes does for a group's preferred version: GA before beta before
 * alpha, higher numbers first, anything else last in alphabetical order.
 */
export function compareVersions(a: string, b: string): number {
  const rank = (version: string): [number, number, number, string] => {
    const match = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version);
    if (!match) {
      return [3, 0, 0, version];
    }
    const stability = { ga: 0, beta: 1, alpha: 2 }[match[2] ?? 'ga']!;
    return [stability, -Number(match[1]), -Number(match[3] ?? 0), version];
  };
  const [ra, rb] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) {
    if (ra[i] !== rb[i]) {
      return (ra[i] as number) - (rb[i] as number);
    }
  }
  return ra[3].localeCompare(rb[3]);
}

/** Pruning, defaulting and validation with the version's `openAPIV3Schema`, when it has one. */
function schemaStrategy(schema: Schema | undefined): ResourceStrategy {
  if (!schema) {
    return {};
  }
  return {
    applyDefaults: object => pruneAndDefault(object, schema),
    validate: (object, old) => validateSchema(object, schema, old),
  };
}

/**
 * The resource a CRD defines. Subresources, printer columns, selectable fields and the schema
 * come from the storage version (the sandbox stores one shape and serves it under every served
 * version, as the `None` conversion strategy does).
 */
export function customResourceType(crd: KubeObject): ResourceType {
  const spec: JsonMap = crd.spec;
  const versions: JsonMap[] = spec.versions ?? [];
  const storage = versions.find(v => v.storage) ?? versions[0] ?? {};
  const scale = storage.subresources?.scale;
  const selectableFields: string[] = (storage.selectableFields ?? []).map(
    (f: JsonMap) => f.jsonPath,
  );
  return {
    group: spec.group,
    versions: versions
      .filter(v => v.served)
      .map(v => v.name as string)
      .sort(compareVersions),
    storageVersion: storage.name,
    kind: spec.names.kind,
    listKind: spec.names.listKind ?? `${spec.names.kind}List`,
    plural: spec.names.plural,
    singular: spec.names.singular ?? String(spec.names.kind).toLowerCase(),
    namespaced: spec.scope === 'Namespaced',
    nameRule: 'subdomain',
    shortNames: spec.names.shortNames ?? [],
    categories: spec.names.categories ?? [],
    builtin: false,
    status: storage.subresources?.status !== undefined,
    scale: scale
      ? {
          specReplicasPath: scale.specReplicasPath,
          statusReplicasPath: scale.statusReplicasPath,
          labelSelectorPath: scale.labelSelectorPath,
        }
      : undefined,
    extraSubresources: [],
    generation: true,
    fieldLabels: Object.fromEntries(
      selectableFields.map(path => [
        path.replace(/^\./, ''),
        (object: KubeObject) => {
          const value = getPath(object, path);
          return value === undefined ? undefined : String(value);
        },
      ]),
    ),
    printerColumns: (storage.additionalPrinterColumns ?? []) as PrinterColumn[],
    strategy: schemaStrategy(storage.schema?.openAPIV3Schema),
    openApiSchema: storage.schema?.openAPIV3Schema,
    defaultPropagation: 'Background',
    returnsDeletedObject: true,
    listSemantics: listSemanticsFor(spec.names.kind, false),
  };
}
