import { Progress } from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import {
  FieldExtensionComponentProps,
  useTemplateSecrets,
} from '@backstage/plugin-scaffolder-react';
import Typography from '@material-ui/core/Typography';
import useAsync from 'react-use/esm/useAsync';
import { StyrminApi, styrminApiRef } from '../api';
import { ChangeReview } from '../components/DeploymentConfiguration';
import { StyrminErrorPanel } from '../components/StyrminErrorPanel';
import { environmentNameOf } from './deploymentNameProblem';
import { TEMPLATE_FORM_FIELDS } from './styrminFieldNames';

/** The field's `ui:options`: what the template deploys. */
export interface DeploymentReviewFieldOptions {
  driver: string;
  driverVersion: string;
  /** The driver's parameters, as the form names its fields. */
  parameters?: string[];
  /** The secret ones among them, whose values are the task's secrets. */
  secrets?: string[];
}

/** The deployment the form describes, as `createDeployment` takes it. */
function draftOf(
  formData: Record<string, unknown>,
  secrets: Record<string, string>,
  options: DeploymentReviewFieldOptions,
) {
  const secretNames = new Set(options.secrets ?? []);
  const parameters = Object.fromEntries(
    (options.parameters ?? []).flatMap(name => {
      const value = secretNames.has(name) ? secrets[name] : formData[name];
      // Left empty, a field takes the driver's default, as the template's step does.
      return value === undefined || value === '' ? [] : [[name, value]];
    }),
  );
  return {
    environment: String(formData[TEMPLATE_FORM_FIELDS.environment] ?? ''),
    name: String(formData[TEMPLATE_FORM_FIELDS.name] ?? ''),
    driver: options.driver,
    driverVersion: options.driverVersion,
    configuration: {
      app_version: formData[TEMPLATE_FORM_FIELDS.appVersion],
      parameters,
    },
  };
}

async function dryRun(api: StyrminApi, draft: ReturnType<typeof draftOf>) {
  const environmentName = environmentNameOf(draft.environment);
  const environment = await api.getEnvironment({ name: environmentName });
  if (!environment) {
    throw new Error(`There is no Styrmin environment ${environmentName}`);
  }
  return api.createDeployment({
    ...draft,
    environment: environment.id,
    dryRun: true,
  });
}

/**
 * The last page of a Styrmin template: the dry run of the deployment the form describes,
 * the same review as the Configuration tab's (diff, planned steps, siblings), or what the
 * server would refuse, before the scaffolder's Review and Create. It holds no value.
 */
export const DeploymentReviewField = ({
  formContext,
  uiSchema,
}: FieldExtensionComponentProps<string, DeploymentReviewFieldOptions>) => {
  const api = useApi(styrminApiRef);
  const { secrets } = useTemplateSecrets();
  const options = uiSchema?.['ui:options'];
  const draft = options
    ? draftOf(formContext?.formData ?? {}, secrets, options)
    : undefined;
  const review = useAsync(
    async () => (draft ? dryRun(api, draft) : undefined),
    [api, JSON.stringify(draft)],
  );
  if (review.loading) {
    return <Progress />;
  }
  if (review.error) {
    return (
      <>
        <Typography variant="body2" paragraph>
          Styrmin would refuse this deployment: go back and change the fields at
          fault.
        </Typography>
        <StyrminErrorPanel error={review.error} />
      </>
    );
  }
  return review.value ? <ChangeReview result={review.value} /> : null;
};
