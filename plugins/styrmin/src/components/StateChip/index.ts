export {
  DeploymentStateChip,
  StepStatusChip,
  TaskResultChip,
} from './StateChip';
