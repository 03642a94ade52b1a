import {
  createFormField,
  FormFieldBlueprint,
} from '@backstage/plugin-scaffolder-react/alpha';
import { STYRMIN_FIELD_NAMES } from './styrminFieldNames';

/*
 * Styrmin's form fields for the new frontend system: each attaches to the scaffolder's
 * form fields and loads its component when a template uses it.
 */

export const deploymentNameFormField = FormFieldBlueprint.make({
  name: 'deployment-name',
  params: {
    field: () =>
      import('./DeploymentNameField').then(m =>
        createFormField({
          name: STYRMIN_FIELD_NAMES.deploymentName,
          component: m.DeploymentNameField,
          validation: m.deploymentNameValidation,
        }),
      ),
  },
});

export const appVersionFormField = FormFieldBlueprint.make({
  name: 'app-version',
  params: {
    field: () =>
      import('./AppVersionField').then(m =>
        createFormField({
          name: STYRMIN_FIELD_NAMES.appVersion,
          component: m.AppVersionField,
          validation: m.appVersionValidation,
        }),
      ),
  },
});

export const deploymentReviewFormField = FormFieldBlueprint.make({
  name: 'deployment-review',
  params: {
    field: () =>
      import('./DeploymentReviewField').then(m =>
        createFormField({
          name: STYRMIN_FIELD_NAMES.deploymentReview,
          component: m.DeploymentReviewField,
        }),
      ),
  },
});
