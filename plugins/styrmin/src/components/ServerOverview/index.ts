export { ServerOverview } from './ServerOverview';
export type { ServerOverviewProps } from './ServerOverview';
