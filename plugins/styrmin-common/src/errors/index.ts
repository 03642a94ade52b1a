export { StyrminErrorCode } from './StyrminErrorCode';
export { StyrminError } from './StyrminError';
