import { JsonObject } from '@backstage/types';
import {
  DriverSpec,
  parametersJsonSchema,
} from '@styrmin/plugin-styrmin-common';
import { environmentChoices, TemplateEnvironment } from './environmentChoices';

/*
 * The form of a driver version's template: a first page that says where the deployment
 * goes (environment, name, application version), a second with the driver's parameters,
 * and a last with the dry run of the deployment (what it would do, or why the server
 * would refuse it).
 * The scaffolder puts every page's fields in one `parameters` object, so the fields of the
 * first page have camel-case names, which no driver parameter can have (parameter names
 * are lower-case snake case): a parameter called `name` or `environment` meets nothing.
 */

/** The fields of the first page, as the template's steps read them. */
export const FORM_FIELDS = {
  environment: 'deploymentEnvironment',
  name: 'deploymentName',
  appVersion: 'appVersion',
} as const;

/**
 * The Styrmin plugin's form fields (plugins/styrmin, src/scaffolder): they check the name
 * and the application version as you type, in the server's words, and show the dry run.
 * The schema beside them keeps no `pattern`, whose regular expression would reach the
 * user as the error; in an app without the fields, the server's refusal says what is
 * wrong.
 */
export const STYRMIN_FIELDS = {
  deploymentName: 'StyrminDeploymentName',
  appVersion: 'StyrminAppVersion',
  deploymentReview: 'StyrminDeploymentReview',
} as const;

/** The field of the last page, which holds no value. */
const REVIEW_FIELD = 'deploymentReview';

/**
 * One driver parameter as a form field. The JSON Schema comes from
 * `parametersJsonSchema` (the server's own mapping: types, titles, descriptions,
 * defaults, bounds, patterns, enums); secrets become the scaffolder's `Secret` field,
 * whose value goes to the task's secrets (`${{ secrets.<name> }}`), never into its
 * parameters or logs. The form only sees asterisks of the same length in their place, so
 * a secret keeps its length bounds but not its pattern, which the server checks.
 */
function parameterField(
  property: Record<string, unknown>,
  secret: boolean,
): JsonObject {
  if (!secret) {
    return property as JsonObject;
  }
  const {
    format: _format,
    writeOnly: _writeOnly,
    pattern: _pattern,
    ...rest
  } = property;
  return {
    ...(rest as JsonObject),
    'ui:field': 'Secret',
    'ui:widget': 'password',
    'ui:backstage': { review: { mask: '********' } },
  };
}

/** The names of a driver version's secret parameters. */
export function secretParameterNames(spec: DriverSpec): string[] {
  return Object.entries(spec.spec.parameters)
    .filter(([, parameter]) => parameter.type === 'secret')
    .map(([name]) => name);
}

/**
 * The environment field: a drop-down of the environments as `name (cluster)`, sorted, whose
 * values are the environments' entity refs (what the step and Styrmin's fields read).
 * The scaffolder's EntityPicker would list them unsorted and show the chosen one as an
 * entity ref, with no cluster. The list is the catalog refresh's, which follows every
 * change of Styrmin's environments. `enumNames` beside `ui:enumNames` makes the review
 * page name the environment as the drop-down did. With one environment it is chosen.
 */
function environmentField(
  environments: TemplateEnvironment[],
  namespace: string,
): JsonObject {
  const choices = environmentChoices(environments, namespace);
  const field: JsonObject = {
    title: 'Environment',
    description: 'The Styrmin environment the deployment goes to.',
    type: 'string',
  };
  if (choices.length === 0) {
    return {
      ...field,
      description:
        "The Styrmin environment the deployment goes to: none exists yet, an administrator creates one on its cluster's page in Styrmin.",
    };
  }
  const refs = choices.map(choice => choice.entityRef);
  const names = choices.map(choice => choice.label);
  return {
    ...field,
    enum: refs,
    enumNames: names,
    'ui:enumNames': names,
    ...(choices.length === 1 ? { default: refs[0] } : {}),
  };
}

/**
 * The `spec.parameters` of a driver version's template: the pages of its form.
 */
export function templateFormPages(
  driverVersion: { title: string; spec: DriverSpec },
  options: { namespace: string; environments: TemplateEnvironment[] },
): JsonObject[] {
  const { spec } = driverVersion;
  const range = spec.spec.supported_versions;
  const where: JsonObject = {
    title: 'Deployment',
    description: `Where ${driverVersion.title} ${spec.spec.version} deploys, and which version of the application.`,
    required: [
      FORM_FIELDS.environment,
      FORM_FIELDS.name,
      FORM_FIELDS.appVersion,
    ],
    properties: {
      [FORM_FIELDS.environment]: environmentField(
        options.environments,
        options.namespace,
      ),
      [FORM_FIELDS.name]: {
        title: 'Deployment name',
        description:
          'Unique in the environment: lower-case letters, digits and "-", starting and ending with a letter or digit, at most 63 characters.',
        type: 'string',
        maxLength: 63,
        'ui:field': STYRMIN_FIELDS.deploymentName,
        'ui:autofocus': true,
      },
      [FORM_FIELDS.appVersion]: {
        title: 'Application version',
        description: `The version of ${driverVersion.title} to run: a release version in ${range}.`,
        type: 'string',
        'ui:field': STYRMIN_FIELDS.appVersion,
        'ui:options': {
          supportedVersions: range,
          // How the server's messages name it: `infrahub 1.1.0`.
          driverVersion: `${spec.metadata.name} ${spec.spec.version}`,
        },
        'ui:help': `Supported versions: ${range}`,
      },
    },
  };
  const schema = parametersJsonSchema(spec);
  const names = Object.keys(schema.properties);
  const secretNames = secretParameterNames(spec);
  const review: JsonObject = {
    title: 'Dry run',
    description: `What creating the deployment would do, as Styrmin answers it before anything is stored.`,
    properties: {
      [REVIEW_FIELD]: {
        type: 'string',
        'ui:field': STYRMIN_FIELDS.deploymentReview,
        'ui:options': {
          driver: spec.metadata.name,
          driverVersion: spec.spec.version,
          parameters: names,
          secrets: secretNames,
        },
        'ui:backstage': { review: { show: false } },
      },
    },
  };
  if (names.length === 0) {
    return [where, review];
  }
  const secrets = new Set(secretNames);
  const parameters: JsonObject = {
    title: 'Parameters',
    description: `The parameters of ${driverVersion.title} ${spec.spec.version}.`,
    required: schema.required,
    properties: Object.fromEntries(
      names.map(name => [
        name,
        parameterField(schema.properties[name], secrets.has(name)),
      ]),
    ),
  };
  return [where, parameters, review];
}

/**
 * The `input.parameters` of the template's step: each driver parameter from the form,
 * secrets from the task's secrets. A field left empty renders as nothing, and the
 * scaffolder drops it, so the driver's default applies.
 */
export function stepParameters(spec: DriverSpec): JsonObject {
  const secrets = new Set(secretParameterNames(spec));
  return Object.fromEntries(
    Object.keys(spec.spec.parameters).map(name => [
      name,
      secrets.has(name)
        ? `\${{ secrets.${name} }}`
        : `\${{ parameters.${name} }}`,
    ]),
  );
}
