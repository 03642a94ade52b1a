export { Timestamp } from './Timestamp';
export type { TimestampProps } from './Timestamp';
