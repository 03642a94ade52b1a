export { ClusterRegistration } from './ClusterRegistration';
export type { ClusterRegistrationProps } from './ClusterRegistration';
export { AgentInstallCommands } from './AgentInstallCommands';
export type { AgentInstallCommandsProps } from './AgentInstallCommands';
