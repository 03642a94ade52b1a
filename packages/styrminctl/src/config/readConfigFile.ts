import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { UsageError } from '../UsageError';

/** The settings a config file may hold. */
export interface ConfigFile {
  url?: string;
  token?: string;
}

const KNOWN_KEYS: ReadonlyArray<keyof ConfigFile> = ['url', 'token'];

/**
 * Reads a styrminctl config file, a YAML mapping with the keys `url` and `token`. A missing
 * file is empty unless `required`. Errors name the file and the key, never a value: the
 * file holds a token.
 */
export async function readConfigFile(options: {
  path: string;
  required: boolean;
}): Promise<ConfigFile> {
  const { path, required } = options;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !required) {
      return {};
    }
    throw new UsageError(
      `Could not read config file ${path}: ${(error as Error).message}`,
    );
  }

  // Without pretty errors, messages carry no excerpt of the file, which could show the token.
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { prettyErrors: false, lineCounter });
  const [syntaxError] = document.errors;
  if (syntaxError) {
    const { line, col } = lineCounter.linePos(syntaxError.pos[0]);
    throw new UsageError(
      `Config file ${path} is not valid YAML: ${syntaxError.message} at line ${line}, column ${col}`,
    );
  }

  const knownKeys = KNOWN_KEYS.join(' and ');
  const content: unknown = document.toJS() ?? {};
  if (typeof content !== 'object' || Array.isArray(content)) {
    throw new UsageError(
      `Config file ${path} must be a YAML mapping with the keys ${knownKeys}`,
    );
  }
  const entries = Object.entries(content as Record<string, unknown>);
  const unknownKeys = entries
    .map(([key]) => key)
    .filter(key => !(KNOWN_KEYS as ReadonlyArray<string>).includes(key));
  if (unknownKeys.length > 0) {
    const names = unknownKeys.map(key => `"${key}"`).join(', ');
    throw new UsageError(
      `Unknown key ${names} in config file ${path}; the known keys are ${knownKeys}`,
    );
  }
  const config: ConfigFile = {};
  for (const [key, value] of entries as [keyof ConfigFile, unknown][]) {
    if (typeof value === 'string') {
      config[key] = value;
    } else if (value !== null) {
      throw new UsageError(
        `The value of "${key}" in config file ${path} must be a string; quote it`,
      );
    }
  }
  return config;
}
