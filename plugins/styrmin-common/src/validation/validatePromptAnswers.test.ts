import { exampleDriver } from '../__testUtils__/exampleDriver';
import { DriverSpec } from '../driver/DriverSpec';
import { validatePromptAnswers } from './validatePromptAnswers';

/** infrahub 1.1.0, whose run-migrations action also asks for a required secret. */
function driverWithSecretPrompt(): DriverSpec {
  const driver = structuredClone(exampleDriver('infrahub/1.1.0'));
  const action = driver.spec.actions.find(a => a.name === 'run-migrations')!;
  action.prompts.backup_passphrase = {
    type: 'secret',
    description: 'The passphrase of the backup taken first.',
    required: true,
    min_length: 8,
  } as (typeof action.prompts)[string];
  return driver;
}

const DRIVER = driverWithSecretPrompt();
const SECRET = 'open sesame, please';

function problemsOf(answers: unknown, hook: 'setup' | 'upgrade' = 'upgrade') {
  const result = validatePromptAnswers({ driver: DRIVER, hook, answers });
  return result.success
    ? []
    : result.problems.map(({ code, field, message }) => [code, field, message]);
}

describe('validatePromptAnswers', () => {
  it('keeps the answers given, and leaves defaults to the agent', () => {
    expect(
      validatePromptAnswers({
        driver: DRIVER,
        hook: 'upgrade',
        answers: { 'run-migrations': { backup_passphrase: SECRET } },
      }),
    ).toEqual({
      success: true,
      value: { 'run-migrations': { backup_passphrase: SECRET } },
    });
    expect(
      validatePromptAnswers({
        driver: exampleDriver('infrahub/1.1.0'),
        hook: 'upgrade',
        answers: undefined,
      }),
    ).toEqual({ success: true, value: {} });
    expect(
      validatePromptAnswers({
        driver: DRIVER,
        hook: 'upgrade',
        answers: {
          'run-migrations': {
            backup_passphrase: SECRET,
            migration_timeout_minutes: 240,
          },
        },
      }),
    ).toMatchObject({
      success: true,
      value: { 'run-migrations': { migration_timeout_minutes: 240 } },
    });
  });

  it.each<[string, unknown, string, string]>([
    ['answers that are not an object', [1], 'prompts', 'Must be an object'],
    [
      'an action of another hook',
      { 'verify-server': {}, 'run-migrations': { backup_passphrase: SECRET } },
      'prompts.verify-server',
      'has no action "verify-server" at the upgrade hook',
    ],
    [
      'an unknown action',
      { nope: {}, 'run-migrations': { backup_passphrase: SECRET } },
      'prompts.nope',
      'has no action "nope"',
    ],
    [
      'answers of an action that are not an object',
      { 'run-migrations': 'yes' },
      'prompts.run-migrations',
      'Must be an object of answers by prompt name',
    ],
    [
      'an unknown prompt',
      { 'run-migrations': { backup_passphrase: SECRET, nope: 1 } },
      'prompts.run-migrations.nope',
      'has no prompt "nope"',
    ],
    [
      'a required prompt without a default left unanswered',
      {},
      'prompts.run-migrations.backup_passphrase',
      'Required',
    ],
    [
      'a number out of bounds',
      {
        'run-migrations': {
          backup_passphrase: SECRET,
          migration_timeout_minutes: 1,
        },
      },
      'prompts.run-migrations.migration_timeout_minutes',
      'Must be at least 5',
    ],
    [
      'text for an integer',
      {
        'run-migrations': {
          backup_passphrase: SECRET,
          migration_timeout_minutes: '30',
        },
      },
      'prompts.run-migrations.migration_timeout_minutes',
      'Must be a whole number',
    ],
    [
      'an object for an answer',
      {
        'run-migrations': {
          backup_passphrase: SECRET,
          migration_timeout_minutes: { n: 30 },
        },
      },
      'prompts.run-migrations.migration_timeout_minutes',
      'Must be text, a number or true or false',
    ],
    [
      'a secret that is too short',
      { 'run-migrations': { backup_passphrase: 'short' } },
      'prompts.run-migrations.backup_passphrase',
      'Must be at least 8 characters long',
    ],
  ])('refuses %s', (_case, answers, field, message) => {
    const problems = problemsOf(answers);
    expect(problems).toContainEqual([
      'VALIDATION_FAILED',
      field,
      expect.stringContaining(message),
    ]);
    // No problem repeats an answer, which may be a secret.
    expect(JSON.stringify(problems)).not.toContain('short');
    expect(JSON.stringify(problems)).not.toContain(SECRET);
  });

  it('checks only the actions of the hook that the change runs', () => {
    expect(problemsOf({}, 'setup')).toEqual([]);
  });
});
