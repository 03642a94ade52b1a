import { ResourceStrategy } from '../ResourceType';

export const namespaceStrategy: ResourceStrategy = {
  applyDefaults(namespace) {
    // The apiserver always sets this label, so selectors can pick namespaces by name.
    namespace.metadata.labels = {
      ...namespace.metadata.labels,
      'kubernetes.io/metadata.name': namespace.metadata.name!,
    };
  },
  prepareForCreate(namespace) {
    namespace.spec = { finalizers: ['kubernetes'] };
    namespace.status = { phase: 'Active' };
  },
};
