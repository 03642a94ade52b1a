export {
  DeploymentConfiguration,
  useChangeRefusal,
} from './DeploymentConfiguration';
export type { DeploymentConfigurationProps } from './DeploymentConfiguration';
export { ChangeReview } from './ChangeReview';
export type { ChangeReviewProps } from './ChangeReview';
export { ChangeError } from './ChangeError';
export { useChange } from './useChange';
export { problemsByField, problemsOfValidation } from './fieldProblems';
