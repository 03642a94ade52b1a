export { ContextDiff } from './ContextDiff';
export type { ContextDiffProps } from './ContextDiff';
