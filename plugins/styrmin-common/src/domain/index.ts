export { defineDomainEnum, type DomainEnum } from './domainEnum';
export { DeploymentState } from './DeploymentState';
export { StepStatus } from './StepStatus';
export { TaskResult } from './TaskResult';
export { TaskType } from './TaskType';
export { Hook, Mode, compareModes } from './lifecycle';
