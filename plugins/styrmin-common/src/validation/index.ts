export {
  validationError,
  type ValidationProblem,
  type ValidationResult,
} from './ValidationProblem';
export {
  parseClusterSettings,
  parseEnvironmentOverrides,
  parseEnvironmentSettings,
} from './parseSettings';
export {
  applicationVersionProblem,
  validateApplicationVersion,
} from './validateApplicationVersion';
export { validateParameters } from './validateParameters';
export {
  validatePromptAnswers,
  type PromptAnswers,
} from './validatePromptAnswers';
export {
  migrateRetiredParameters,
  type CarriedOverParameter,
  type RetiredParameterMigration,
} from './migrateRetiredParameters';
export { isDowngrade } from './isDowngrade';
export { validateComponentOverrides } from './validateComponentOverrides';
export {
  validateDeploymentChange,
  type DeploymentChange,
  type DeploymentChangeValidation,
} from './validateDeploymentChange';
export {
  parseBackupStorageLocation,
  parseRecordName,
} from './parseRecordFields';
export { allValid, withinField } from './combineValidations';
