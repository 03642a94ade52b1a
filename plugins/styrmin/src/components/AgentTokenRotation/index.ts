export { AgentTokenRotation } from './AgentTokenRotation';
export type { AgentTokenRotationProps } from './AgentTokenRotation';
