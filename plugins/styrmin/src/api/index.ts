export { styrminApiRef } from './StyrminApi';
export type {
  ComponentsChange,
  ComponentsChangeResult,
  StyrminApi,
} from './StyrminApi';
export { StyrminClient } from './StyrminClient';
export type { StyrminClientOptions } from './StyrminClient';
