export { styrminApiRef } from './StyrminApi';
export type { StyrminApi } from './StyrminApi';
export { StyrminClient } from './StyrminClient';
export type { StyrminClientOptions } from './StyrminClient';
