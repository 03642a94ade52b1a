import { isJsonObject } from '../configuration/JsonValue';
import { ParameterValue } from '../configuration/DeploymentConfiguration';
import { Hook } from '../domain/lifecycle';
import { DriverSpec } from '../driver/DriverSpec';
import { driverVersionName } from './driverVersionName';
import { declaredValueProblems } from './validateParameters';
import { ValidationProblem, ValidationResult } from './ValidationProblem';

/**
 * The answers to the prompts of a change's actions: by action name, then prompt name.
 *
 * @public
 */
export type PromptAnswers = Record<string, Record<string, ParameterValue>>;

/** An answer that is no parameter value (an object, a list). */
const INVALID = Symbol('invalid answer');

/** An answer as a parameter value; `null` and absence are no answer. */
function answerOf(given: unknown): ParameterValue | undefined | typeof INVALID {
  if (given === undefined || given === null) {
    return undefined;
  }
  const parsed = ParameterValue.safeParse(given);
  return parsed.success ? parsed.data : INVALID;
}

/**
 * Checks the answers to the prompts of the actions that a change runs (those of one hook
 * of the driver version it deploys: setup for a creation, upgrade for an upgrade): every
 * action and prompt named is declared, each answer is of its prompt's type, within its
 * bounds, and every required prompt without a default is answered. Each problem names its
 * field (`prompts.<action>.<prompt>`); none repeats an answer, which may be a secret.
 * Absent answers (`undefined` or `null`) are none. A change that runs no hook (an edit,
 * `hook` absent) takes none.
 *
 * @public
 */
export function validatePromptAnswers(options: {
  driver: DriverSpec;
  hook?: Hook;
  answers: unknown;
}): ValidationResult<PromptAnswers> {
  const { driver, hook } = options;
  const answers = options.answers ?? {};
  const problem = (field: string, message: string): ValidationProblem => ({
    code: 'VALIDATION_FAILED',
    field,
    message,
  });
  if (hook === undefined) {
    return options.answers === undefined || options.answers === null
      ? { success: true, value: {} }
      : {
          success: false,
          problems: [
            problem(
              'prompts',
              'Only a creation or an upgrade runs actions that ask for answers',
            ),
          ],
        };
  }
  if (!isJsonObject(answers)) {
    return {
      success: false,
      problems: [
        problem('prompts', 'Must be an object of answers by action name'),
      ],
    };
  }
  const actions = new Map(
    driver.spec.actions
      .filter(action => action.hook === hook)
      .map(action => [action.name, action]),
  );
  const problems: ValidationProblem[] = [];
  const value: PromptAnswers = {};
  for (const [actionName, given] of Object.entries(answers)) {
    const field = `prompts.${actionName}`;
    if (!actions.has(actionName)) {
      problems.push(
        problem(
          field,
          `${driverVersionName(
            driver,
          )} has no action "${actionName}" at the ${hook} hook`,
        ),
      );
    } else if (!isJsonObject(given)) {
      problems.push(
        problem(field, 'Must be an object of answers by prompt name'),
      );
    }
  }
  for (const [actionName, action] of actions) {
    const given = answers[actionName];
    const own = isJsonObject(given) ? given : {};
    for (const name of Object.keys(own)) {
      if (!Object.hasOwn(action.prompts, name)) {
        problems.push(
          problem(
            `prompts.${actionName}.${name}`,
            `Action "${actionName}" has no prompt "${name}"`,
          ),
        );
      }
    }
    for (const [name, prompt] of Object.entries(action.prompts)) {
      const answer = answerOf(Object.hasOwn(own, name) ? own[name] : null);
      const messages =
        answer === INVALID
          ? ['Must be text, a number or true or false']
          : declaredValueProblems(prompt, answer);
      problems.push(
        ...messages.map(message =>
          problem(`prompts.${actionName}.${name}`, message),
        ),
      );
      if (answer !== INVALID && answer !== undefined) {
        value[actionName] = { ...value[actionName], [name]: answer };
      }
    }
  }
  return problems.length > 0
    ? { success: false, problems }
    : { success: true, value };
}
