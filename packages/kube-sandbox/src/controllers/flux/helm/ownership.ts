/** How helm-controller marks what it owns: its field manager, its finalizer, its objects' labels. */

export const MANAGER = 'helm-controller';
export const FINALIZER = 'finalizers.fluxcd.io';
/** The labels of a release's objects, naming the HelmRelease they come from. */
export const NAME_LABEL = 'helm.toolkit.fluxcd.io/name';
export const NAMESPACE_LABEL = 'helm.toolkit.fluxcd.io/namespace';
