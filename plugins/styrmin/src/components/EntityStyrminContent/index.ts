export {
  EntityStyrminDeploymentContent,
  EntityStyrminDeploymentTasksContent,
  EntityStyrminEnvironmentContent,
} from './EntityStyrminContent';
export {
  isStyrminDeploymentEntity,
  isStyrminEnvironmentEntity,
} from './isStyrminEntity';
