export { StyrminErrorCode } from './StyrminErrorCode';
export { StyrminError } from './StyrminError';
export type { StyrminProblem } from './StyrminProblem';
export { formatStyrminProblem } from './formatStyrminProblem';
