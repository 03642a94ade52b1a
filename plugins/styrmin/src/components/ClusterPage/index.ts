export { ClusterPage } from './ClusterPage';
export type { ClusterPageProps } from './ClusterPage';
