export { PageTrail, PageTrailInContent } from './PageTrail';
export type { PageTrailEntry, PageTrailProps } from './PageTrail';
