export { ClusterUtilities } from './ClusterUtilities';
export type { ClusterUtilitiesProps } from './ClusterUtilities';
