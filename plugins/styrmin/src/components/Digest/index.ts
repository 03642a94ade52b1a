export { Digest } from './Digest';
export type { DigestProps } from './Digest';
