import { DriverVersionAction, DriverVersionParameter } from '@styrmin/sdk';
import { UsageError } from '../UsageError';
import { PromptFlags, promptAnswers } from './promptAnswers';

const prompt = (name: string, type: string): DriverVersionParameter => ({
  name,
  type,
  title: name,
  description: name,
  required: false,
  default: null,
  values: null,
  minimum: null,
  maximum: null,
  minLength: null,
  maxLength: null,
  pattern: null,
});

const ACTIONS: DriverVersionAction[] = [
  {
    name: 'run-migrations',
    description: null,
    hook: 'upgrade',
    mode: 'core',
    function: { module: 'actions/upgrade.ts', export: 'runMigrations' },
    components: ['server'],
    prompts: [
      prompt('timeout_minutes', 'integer'),
      prompt('ratio', 'number'),
      prompt('dry', 'boolean'),
      prompt('label', 'string'),
      prompt('passphrase', 'secret'),
    ],
  },
];

function answers(
  flags: Partial<PromptFlags>,
  sources: { stdin?: string; env?: Record<string, string> } = {},
) {
  const readStdin = jest.fn(async () => sources.stdin ?? '');
  return {
    readStdin,
    result: promptAnswers(
      { prompt: [], promptSecret: [], ...flags },
      { actions: ACTIONS, readStdin, env: sources.env ?? {} },
    ),
  };
}

describe('promptAnswers', () => {
  it('gives none without flags', async () => {
    await expect(answers({}).result).resolves.toBeUndefined();
  });

  it('types each answer as its prompt declares, and sends the rest as text', async () => {
    await expect(
      answers({
        prompt: [
          'run-migrations.timeout_minutes=45',
          'run-migrations.ratio=0.5',
          'run-migrations.dry=true',
          'run-migrations.label=a=b',
          'run-migrations.unknown=7',
          'other-action.x=1',
          // Not a number: sent as text, for the server to refuse with the field.
          'run-migrations.timeout_minutes=soon',
        ],
      }).result,
    ).resolves.toEqual({
      'run-migrations': {
        timeout_minutes: 'soon',
        ratio: 0.5,
        dry: true,
        label: 'a=b',
        unknown: '7',
      },
      'other-action': { x: '1' },
    });
  });

  it('reads secret answers from stdin, without the closing newline, or from the environment', async () => {
    await expect(
      answers(
        { promptSecret: ['run-migrations.passphrase'] },
        { stdin: 'open sesame\n' },
      ).result,
    ).resolves.toEqual({ 'run-migrations': { passphrase: 'open sesame' } });
    await expect(
      answers(
        { promptSecret: ['run-migrations.passphrase=PASSPHRASE'] },
        { env: { PASSPHRASE: 'from env' } },
      ).result,
    ).resolves.toEqual({ 'run-migrations': { passphrase: 'from env' } });
  });

  it.each<[string, Partial<PromptFlags>, RegExp]>([
    [
      'a secret answer on the command line',
      { prompt: ['run-migrations.passphrase=visible'] },
      /run-migrations.passphrase is a secret: answer it with --prompt-secret/,
    ],
    [
      'a prompt without its action',
      { prompt: ['timeout_minutes=45'] },
      /--prompt takes ACTION.PROMPT=VALUE; got "timeout_minutes"/,
    ],
    [
      'an answer without =',
      { prompt: ['run-migrations.timeout_minutes'] },
      /--prompt takes key=value/,
    ],
    [
      'a secret prompt without its action, before stdin is read',
      { promptSecret: ['passphrase'] },
      /--prompt-secret takes ACTION.PROMPT\[=ENV_VAR\]; got "passphrase"/,
    ],
    [
      'an environment variable that is not set',
      { promptSecret: ['run-migrations.passphrase=NOPE'] },
      /names an environment variable that is not set/,
    ],
  ])('refuses %s', async (_case, flags, message) => {
    const { result, readStdin } = answers(flags);
    const refusal = await result.catch(e => e);
    expect(refusal).toBeInstanceOf(UsageError);
    expect(refusal.message).toMatch(message);
    expect(readStdin).not.toHaveBeenCalled();
  });
});
