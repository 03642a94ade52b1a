import { KubeObject } from '../../store/types';
import { JsonMap } from '../../util/json';
import { immutable, invalid, notSupported, required } from '../fieldErrors';
import { ResourceStrategy, StatusCause } from '../ResourceType';

export const customResourceDefinitionStrategy: ResourceStrategy = {
  applyDefaults(crd: KubeObject) {
    const names: JsonMap | undefined = crd.spec?.names;
    if (names?.kind) {
      names.singular ??= String(names.kind).toLowerCase();
      names.listKind ??= `${names.kind}List`;
    }
    if (crd.spec) {
      crd.spec.conversion ??= { strategy: 'None' };
    }
  },
  validate(crd: KubeObject, old?: KubeObject) {
    const spec: JsonMap = crd.spec ?? {};
    const causes: StatusCause[] = [];
    if (!spec.group) {
      causes.push(required('spec.group'));
    } else if (!String(spec.group).includes('.')) {
      causes.push(
        invalid(
          'spec.group',
          spec.group,
          'should be a domain with at least one dot',
        ),
      );
    }
    if (!spec.names?.plural) {
      causes.push(required('spec.names.plural'));
    }
    if (!spec.names?.kind) {
      causes.push(required('spec.names.kind'));
    }
    if (
      spec.group &&
      spec.names?.plural &&
      crd.metadata.name !== `${spec.names.plural}.${spec.group}`
    ) {
      causes.push(
        invalid(
          'metadata.name',
          crd.metadata.name,
          'must be spec.names.plural+"."+spec.group',
        ),
      );
    }
    if (!['Namespaced', 'Cluster'].includes(spec.scope)) {
      causes.push(
        notSupported('spec.scope', spec.scope, ['Cluster', 'Namespaced']),
      );
    }
    const versions: JsonMap[] = spec.versions ?? [];
    if (versions.length === 0) {
      causes.push(required('spec.versions'));
    } else if (versions.filter(v => v.storage).length !== 1) {
      causes.push(
        invalid(
          'spec.versions',
          versions.map(v => v.name),
          'must have exactly one version marked as storage version',
        ),
      );
    }
    if (old) {
      for (const field of ['group', 'scope'] as const) {
        if (spec[field] !== old.spec?.[field]) {
          causes.push(immutable(`spec.${field}`, spec[field]));
        }
      }
    }
    return causes;
  },
};
