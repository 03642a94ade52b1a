import type {
  CustomFieldValidator,
  FieldExtensionComponentProps,
} from '@backstage/plugin-scaffolder-react';
import { styrminApiRef } from '../api';
import {
  deploymentNameRule,
  deploymentNameTaken,
} from './deploymentNameProblem';
import { FieldTextBox } from './FieldTextBox';
import { TEMPLATE_FORM_FIELDS } from './styrminFieldNames';
import { useDeploymentNameProblem } from './useDeploymentNameProblem';

/** The field's `ui:options`. */
export interface DeploymentNameFieldOptions {
  /** The form field that holds the environment (`deploymentEnvironment`). */
  environmentField?: string;
}

type Props = FieldExtensionComponentProps<string, DeploymentNameFieldOptions>;

function environmentOf(
  formData: Record<string, unknown> | undefined,
  options: DeploymentNameFieldOptions | undefined,
): string | undefined {
  const value =
    formData?.[options?.environmentField ?? TEMPLATE_FORM_FIELDS.environment];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * A deployment's name, checked as you type: the record-name rules in the server's words,
 * and whether the chosen environment has a deployment of that name already.
 */
export const DeploymentNameField = (props: Props) => {
  const name = props.formData ?? '';
  const environment = environmentOf(
    props.formContext?.formData,
    props.uiSchema?.['ui:options'],
  );
  const { problem, checking } = useDeploymentNameProblem(environment, name);
  return (
    <FieldTextBox
      field={props}
      label="Deployment name"
      problem={problem}
      help={
        checking
          ? `Checking whether ${name} is free…`
          : props.schema.description
      }
    />
  );
};

/** The same checks when the page is submitted, so that Next refuses a bad name. */
export const deploymentNameValidation: CustomFieldValidator<
  string,
  DeploymentNameFieldOptions
> = async (name, field, { apiHolder, formData, uiSchema }) => {
  if (!name) {
    return;
  }
  const rule = deploymentNameRule(name);
  if (rule) {
    field.addError(rule);
    return;
  }
  const environment = environmentOf(formData, uiSchema?.['ui:options']);
  const api = apiHolder.get(styrminApiRef);
  const taken =
    environment && api
      ? await deploymentNameTaken(api, environment, name)
      : undefined;
  if (taken) {
    field.addError(taken);
  }
};
