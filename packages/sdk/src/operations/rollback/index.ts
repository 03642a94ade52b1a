export {
  rollbackDeploymentOperation,
  type RollbackDeploymentInput,
} from './rollbackDeployment';
