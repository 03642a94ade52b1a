import { homedir } from 'node:os';
import { join } from 'node:path';
import { styrminPluginUrl } from '@styrmin/sdk';
import { UsageError } from '../UsageError';
import { readConfigFile } from './readConfigFile';

/** The environment styrminctl reads: `process.env`, or a test's own. */
export type Environment = Record<string, string | undefined>;

/** The command-line flags that take part in the resolution. */
export interface ConfigFlags {
  url?: string;
  token?: string;
  config?: string;
}

/** Where styrminctl sends its requests, and with which token. */
export interface ResolvedConfig {
  /** The base URL of the Backstage backend, for example `http://localhost:7007`. */
  url: string;
  /** The base URL of the styrmin plugin on that backend. */
  pluginUrl: string;
  token?: string;
}

/**
 * The config file read when neither `--config` nor `STYRMIN_CONFIG` names one:
 * `$XDG_CONFIG_HOME/styrmin/config.yaml`, else `~/.config/styrmin/config.yaml`.
 */
export function defaultConfigPath(env: Environment): string {
  const configHome =
    env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(configHome, 'styrmin', 'config.yaml');
}

/**
 * Resolves each setting from the first source that sets it: flags, then the environment
 * (`STYRMIN_URL`, `STYRMIN_TOKEN`), then the config file. Empty values count as unset.
 */
export async function resolveConfig(options: {
  flags: ConfigFlags;
  env: Environment;
}): Promise<ResolvedConfig> {
  const { flags, env } = options;
  const explicitPath = flags.config || env.STYRMIN_CONFIG;
  const path = explicitPath || defaultConfigPath(env);
  const file = await readConfigFile({ path, required: Boolean(explicitPath) });

  const url = flags.url || env.STYRMIN_URL || file.url;
  if (!url) {
    throw new UsageError(
      `No Styrmin server URL; pass --url <url> (the Backstage backend, for example http://localhost:7007), set STYRMIN_URL, or set url in ${path}`,
    );
  }
  let pluginUrl: string;
  try {
    pluginUrl = styrminPluginUrl(url);
  } catch (error) {
    const source =
      (flags.url && '--url') || (env.STYRMIN_URL && 'STYRMIN_URL') || path;
    throw new UsageError(`${(error as Error).message} (from ${source})`);
  }
  return {
    url,
    pluginUrl,
    token: flags.token || env.STYRMIN_TOKEN || file.token || undefined,
  };
}
