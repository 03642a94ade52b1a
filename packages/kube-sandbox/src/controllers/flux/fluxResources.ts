/** The store's keys (`<group>/<plural>`) of the Flux kinds the two controllers read and write. */

export const SOURCE_GROUP = 'source.toolkit.fluxcd.io';
export const HELM_REPOSITORIES = `${SOURCE_GROUP}/helmrepositories`;
export const OCI_REPOSITORIES = `${SOURCE_GROUP}/ocirepositories`;
export const GIT_REPOSITORIES = `${SOURCE_GROUP}/gitrepositories`;
export const HELM_CHARTS = `${SOURCE_GROUP}/helmcharts`;
export const HELM_RELEASES = 'helm.toolkit.fluxcd.io/helmreleases';
