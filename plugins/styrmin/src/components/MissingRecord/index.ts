export { MissingRecord } from './MissingRecord';
export type { MissingRecordProps } from './MissingRecord';
