export type { StyrminOperation } from './StyrminOperation';
export { serverInfoOperation } from './serverInfo';
export type { DatabaseEngine, ServerInfo } from './serverInfo';
