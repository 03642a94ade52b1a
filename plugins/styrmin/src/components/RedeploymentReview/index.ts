export { RedeploymentReview } from './RedeploymentReview';
export type { RedeploymentReviewProps } from './RedeploymentReview';
