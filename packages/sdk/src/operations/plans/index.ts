export type { Plan, PlanBasis } from './planFields';
export {
  applyPlanOperation,
  planCreateDeploymentOperation,
  planEditComponentOverridesOperation,
  planEditDeploymentOperation,
  planOperation,
  planUpgradeDeploymentOperation,
} from './planOperations';
