export {
  EntityStyrminClusterContent,
  EntityStyrminDeploymentContent,
  EntityStyrminDeploymentTasksContent,
  EntityStyrminEnvironmentContent,
} from './EntityStyrminContent';
export {
  isStyrminClusterEntity,
  isStyrminDeploymentEntity,
  isStyrminEnvironmentEntity,
} from './isStyrminEntity';
