export { agentHealth } from './agentHealth';
export type { AgentHealth } from './agentHealth';
export { AgentHealthStatus } from './AgentHealthStatus';
export type { AgentHealthStatusProps } from './AgentHealthStatus';
