export {
  appVersionFormField,
  deploymentNameFormField,
  deploymentReviewFormField,
} from './formFields';
export { STYRMIN_FIELD_NAMES } from './styrminFieldNames';
export { useDeploymentNameProblem } from './useDeploymentNameProblem';
