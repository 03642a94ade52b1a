export { AgentToken } from './AgentToken';
export type { AgentTokenProps } from './AgentToken';
