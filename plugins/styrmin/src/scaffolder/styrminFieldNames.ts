/**
 * The `ui:field` names of Styrmin's form fields, as the catalog module's templates use
 * them (plugins/catalog-backend-module-styrmin, templates/templateForm.ts).
 */
export const STYRMIN_FIELD_NAMES = {
  deploymentName: 'StyrminDeploymentName',
  appVersion: 'StyrminAppVersion',
  deploymentReview: 'StyrminDeploymentReview',
} as const;

/**
 * The fields of a Styrmin template's first page (the catalog module's FORM_FIELDS), which
 * the name and review fields read from the form.
 */
export const TEMPLATE_FORM_FIELDS = {
  environment: 'deploymentEnvironment',
  name: 'deploymentName',
  appVersion: 'appVersion',
} as const;
