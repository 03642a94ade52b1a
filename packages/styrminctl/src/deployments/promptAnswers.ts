import { DriverVersionAction } from '@styrmin/sdk';
import { splitAssignment } from '../records/assignments';
import { UsageError } from '../UsageError';
import {
  declaredValue,
  secretValue,
  SecretSources,
  splitFirstDot,
} from './flagValues';

/** The options with which a command answers the prompts of the actions a change runs. */
export interface PromptFlags {
  /** `action.prompt=value`, typed by the prompt's declaration. */
  prompt: string[];
  /** `action.prompt`, whose answer comes from stdin, or `action.prompt=ENV_VAR`. */
  promptSecret: string[];
}

/** What {@link promptAnswers} needs besides the flags. */
export interface PromptSources extends SecretSources {
  /** The actions of the driver version the change deploys, with their prompts. */
  actions: readonly DriverVersionAction[];
}

const SHAPE = 'ACTION.PROMPT=VALUE';

/**
 * The answers to the prompts of a change's actions that the flags give, by action name
 * then prompt name, each typed as its prompt declares (as `--set` types parameters);
 * undefined when there are none. An answer to a secret prompt must come through
 * `--prompt-secret`, off the command line. Whether each action and prompt exists at the
 * change's hook is the server's to say, with the field at fault.
 */
export async function promptAnswers(
  flags: PromptFlags,
  sources: PromptSources,
): Promise<Record<string, Record<string, unknown>> | undefined> {
  const declared = (action: string, prompt: string) =>
    sources.actions
      .find(a => a.name === action)
      ?.prompts.find(p => p.name === prompt);
  const answers: Record<string, Record<string, unknown>> = {};
  const answer = (action: string, prompt: string, value: unknown) => {
    answers[action] = { ...answers[action], [prompt]: value };
  };
  for (const assignment of flags.prompt) {
    const [key, text] = splitAssignment('--prompt', assignment);
    const [action, prompt] = splitFirstDot('--prompt', key, SHAPE);
    const declaration = declared(action, prompt);
    if (declaration?.type === 'secret') {
      throw new UsageError(
        `${key} is a secret: answer it with --prompt-secret ${key} (from stdin) or --prompt-secret ${key}=ENV_VAR`,
      );
    }
    answer(action, prompt, declaredValue(text, declaration));
  }
  for (const assignment of flags.promptSecret) {
    // The key is checked before stdin is read for its answer.
    const [action, prompt] = splitFirstDot(
      '--prompt-secret',
      assignment.split('=')[0],
      'ACTION.PROMPT[=ENV_VAR]',
    );
    const [, value] = await secretValue('--prompt-secret', assignment, sources);
    answer(action, prompt, value);
  }
  return Object.keys(answers).length > 0 ? answers : undefined;
}
