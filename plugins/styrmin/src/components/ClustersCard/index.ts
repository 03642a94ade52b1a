export { ClustersCard } from './ClustersCard';
