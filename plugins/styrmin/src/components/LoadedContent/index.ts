export { LoadedContent } from './LoadedContent';
export type { LoadedContentProps } from './LoadedContent';
