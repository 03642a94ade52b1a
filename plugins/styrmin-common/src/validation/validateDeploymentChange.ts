import { z } from 'zod/v4';
import { ComponentOverrides } from '../configuration/ComponentOverrides';
import {
  AppVersion,
  DeploymentConfiguration,
  ParameterValue,
} from '../configuration/DeploymentConfiguration';
import { isJsonObject } from '../configuration/JsonValue';
import { Hook } from '../domain/lifecycle';
import { DriverSpec } from '../driver/DriverSpec';
import { driverVersionName } from './driverVersionName';
import { isDowngrade } from './isDowngrade';
import {
  CarriedOverParameter,
  migrateRetiredParameters,
} from './migrateRetiredParameters';
import { explainIssue, schemaProblems } from './schemaProblems';
import { validateApplicationVersion } from './validateApplicationVersion';
import { validateComponentOverrides } from './validateComponentOverrides';
import { validateParameters } from './validateParameters';
import { PromptAnswers, validatePromptAnswers } from './validatePromptAnswers';
import { ValidationProblem } from './ValidationProblem';

/**
 * A change of a deployment: its creation, an edit, or an upgrade to another driver version.
 *
 * @public
 */
export interface DeploymentChange {
  /** The driver version the deployment uses now; absent when the change creates it. */
  currentDriver?: DriverSpec;
  /** The driver version the deployment uses after the change. */
  driver: DriverSpec;
  /** The whole configuration after the change, as the caller received it. */
  configuration: unknown;
  /**
   * The answers to the prompts of the actions that the change runs: those of `hook` of
   * `driver` (none for a change that runs no hook). Absent: none are checked.
   */
  prompts?: { hook?: Hook; answers: unknown };
  /** Whether the change may move the deployment to an older driver version. */
  allowDowngrade?: boolean;
}

/**
 * The accepted configuration to store, or every problem of the change.
 *
 * @public
 */
export type DeploymentChangeValidation =
  | {
      success: true;
      /** The configuration to store: the retired parameters' dropped values left out. */
      configuration: DeploymentConfiguration;
      /** The retired parameters whose values were dropped. */
      droppedParameters: string[];
      /** The retired parameters whose values went to their replacements. */
      carriedOverParameters: CarriedOverParameter[];
      /** The checked answers to the prompts. */
      prompts: PromptAnswers;
    }
  | { success: false; problems: ValidationProblem[] };

/** The entries of a map in the input that have their schema's shape on their own. */
function wellFormedEntries<T>(input: unknown, schema: z.ZodType<T>) {
  return Object.fromEntries(
    Object.entries(isJsonObject(input) ? input : {}).flatMap(([key, value]) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? [[key, parsed.data]] : [];
    }),
  );
}

/**
 * The parts of a configuration that are well-formed on their own, so that the rules can
 * run on a configuration that is broken elsewhere and a change learns all its problems
 * at once.
 */
function wellFormedParts(input: unknown) {
  const raw = isJsonObject(input) ? input : {};
  const appVersion = AppVersion.safeParse(raw.app_version);
  return {
    app_version: appVersion.success ? appVersion.data : undefined,
    parameters: wellFormedEntries(raw.parameters, ParameterValue),
    components: wellFormedEntries(raw.components, ComponentOverrides),
  };
}

/**
 * A move to an older driver version, which its upgrade hook was not written for, refused
 * unless the change asks for it.
 */
function downgradeProblems(
  currentDriver: DriverSpec,
  driver: DriverSpec,
): ValidationProblem[] {
  return isDowngrade({
    from: currentDriver.spec.version,
    to: driver.spec.version,
  })
    ? [
        {
          code: 'VALIDATION_FAILED',
          field: 'driverVersion',
          message: `${driverVersionName(
            driver,
          )} is older than ${driverVersionName(
            currentDriver,
          )}: a downgrade is refused unless the change asks for it (allowDowngrade)`,
        },
      ]
    : [];
}

/** Whether `field` is `ancestor` or lies inside it. */
function isWithin(field: string, ancestor: string) {
  return (
    ancestor === '' ||
    field === ancestor ||
    field.startsWith(`${ancestor}.`) ||
    field.startsWith(`${ancestor}[`)
  );
}

/**
 * Validates a change of a deployment, as the generator does before it builds an
 * instance, and collects every problem: the configuration's shape and bounds; the
 * application version within the driver version's `supported_versions`; the parameter
 * values against the declared parameters, after the retired-parameter rule
 * (RETIRED_PARAMETER_VALUE, or carried over to the replacement that the driver version
 * names) when the driver version changes; the component overrides, carried-over values
 * included (COMPONENT_CONTAINER_NOT_DECLARED, SINGLETON_REPLICA_OVERRIDE, the image
 * override's form, unknown components); the answers to the prompts; and no move to an
 * older driver version unless `allowDowngrade` (VALIDATION_FAILED on `driverVersion`).
 * Problems come in the order of their fields; a rule is not reported
 * again on a field whose shape is already wrong.
 *
 * @public
 */
export function validateDeploymentChange({
  currentDriver,
  driver,
  configuration,
  prompts,
  allowDowngrade = false,
}: DeploymentChange): DeploymentChangeValidation {
  const parsed = DeploymentConfiguration.safeParse(configuration, {
    error: explainIssue,
  });
  const parts = parsed.success ? parsed.data : wellFormedParts(configuration);
  const migration = migrateRetiredParameters({
    currentDriver,
    driver,
    parameters: parts.parameters,
    components: parts.components,
  });
  const answers = prompts
    ? validatePromptAnswers({ driver, ...prompts })
    : ({ success: true, value: {} } as const);
  const ruleProblems = [
    ...(currentDriver && !allowDowngrade
      ? downgradeProblems(currentDriver, driver)
      : []),
    ...(parts.app_version === undefined
      ? []
      : validateApplicationVersion({ driver, appVersion: parts.app_version })),
    ...migration.problems,
    ...validateParameters({ driver, parameters: migration.parameters }),
    ...validateComponentOverrides({
      driver,
      components: migration.components,
      appVersion: parts.app_version,
    }),
    ...(answers.success ? [] : answers.problems),
  ];
  const shapeProblems = parsed.success ? [] : schemaProblems(parsed.error);
  const problems = [
    ...shapeProblems,
    ...ruleProblems.filter(
      problem =>
        !shapeProblems.some(shape => isWithin(problem.field, shape.field)),
    ),
  ];
  if (!parsed.success || problems.length > 0) {
    return {
      success: false,
      // A stable sort: the problems of one field keep the order of the checks.
      problems: problems.sort((a, b) =>
        a.field < b.field ? -1 : Number(a.field > b.field),
      ),
    };
  }
  return {
    success: true,
    configuration: {
      ...parsed.data,
      parameters: migration.parameters,
      components: migration.components,
    },
    droppedParameters: migration.dropped,
    carriedOverParameters: migration.carriedOver,
    prompts: answers.success ? answers.value : {},
  };
}
