export { ClusterSettings } from './ClusterSettings';
export type { ClusterSettingsProps } from './ClusterSettings';
