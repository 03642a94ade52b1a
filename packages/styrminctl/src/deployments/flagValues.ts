import { DriverVersionParameter } from '@styrmin/sdk';
import { splitAssignment } from '../records/assignments';
import { UsageError } from '../UsageError';

/**
 * A value from the command line, typed as its declaration (a parameter's or a prompt's)
 * says: numbers and true/false for numeric and boolean ones, text otherwise. What does not
 * convert is sent as text, for the server to refuse with its rule.
 */
export function declaredValue(
  text: string,
  declaration: Pick<DriverVersionParameter, 'type'> | undefined,
): string | number | boolean {
  switch (declaration?.type) {
    case 'integer':
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text))
        ? Number(text)
        : text;
    case 'boolean':
      if (text === 'true' || text === 'false') {
        return text === 'true';
      }
      return text;
    default:
      return text;
  }
}

/** `first.rest` split at its first dot, for keys whose first part holds no dots. */
export function splitFirstDot(
  option: string,
  key: string,
  shape: string,
): [string, string] {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1) {
    throw new UsageError(`${option} takes ${shape}; got "${key}"`);
  }
  return [key.slice(0, dot), key.slice(dot + 1)];
}

/** Where secret values come from: never the command line. */
export interface SecretSources {
  readStdin: () => Promise<string>;
  env: Record<string, string | undefined>;
}

/**
 * A secret as `key` (its value read from stdin) or `key=ENV_VAR` (from that environment
 * variable), so that its value is never on the command line or in the shell's history.
 */
export async function secretValue(
  option: string,
  assignment: string,
  sources: SecretSources,
): Promise<[string, string]> {
  const at = assignment.indexOf('=');
  if (at === -1) {
    // A secret typed at a terminal or piped in ends with the newline that closed it.
    return [assignment, (await sources.readStdin()).replace(/\r?\n$/, '')];
  }
  const [name, variable] = splitAssignment(option, assignment);
  const value = sources.env[variable];
  if (value === undefined) {
    throw new UsageError(
      `${option} ${name}= names an environment variable that is not set`,
    );
  }
  return [name, value];
}

/** Refuses more than one secret flag reading stdin: it holds one value. */
export function checkOneStdinSecret(flags: Record<string, string[]>): void {
  const readers = Object.entries(flags).flatMap(([option, assignments]) =>
    assignments.filter(a => !a.includes('=')).map(() => option),
  );
  if (readers.length > 1) {
    throw new UsageError(
      `Only one ${Object.keys(flags).join(' or ')} can read stdin`,
    );
  }
}
