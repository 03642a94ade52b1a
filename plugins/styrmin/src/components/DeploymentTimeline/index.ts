export { DeploymentTimeline } from './DeploymentTimeline';
export type { DeploymentTimelineProps } from './DeploymentTimeline';
