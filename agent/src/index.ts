/**
 * The Styrmin agent: one per cluster. It pulls recorded intent from the server over the agent
 * protocol, changes the cluster to match, and reports what it observes.
 *
 * @packageDocumentation
 */
export { loadAgentConfig } from './config/AgentConfig';
export type { AgentConfig, ReadFile } from './config/AgentConfig';
