import { DriverVersionParameter } from '@styrmin/sdk';
import { splitAssignment } from '../records/assignments';
import { mergePatches } from '../records/mergePatches';
import { readYamlFile } from '../records/readYamlFile';
import { UsageError } from '../UsageError';

/** The options with which a command sets a deployment's configuration. */
export interface ConfigurationFlags {
  /** A YAML file with a configuration (or the part to change), which the flags change further. */
  file?: string;
  appVersion?: string;
  /** `parameter=value`, typed by the parameter's declaration. */
  set: string[];
  /** `parameter`, whose value comes from stdin, or `parameter=ENV_VAR`, from that variable. */
  setSecret: string[];
  /** Parameters set back to their defaults. */
  unset: string[];
  /** `component.NAME=VALUE`. */
  env: string[];
  /** `component=REF`. */
  image: string[];
  /** `component=N`. */
  replicas: string[];
}

/** What a command needs besides the flags: the parameters, and where secrets come from. */
export interface ConfigurationSources {
  /** The parameters of the driver version the configuration is for. */
  parameters: readonly DriverVersionParameter[];
  readStdin: () => Promise<string>;
  env: Record<string, string | undefined>;
}

/**
 * A parameter value from the command line, typed as its parameter declares: numbers and
 * true/false for numeric and boolean parameters, text otherwise. What does not convert is
 * sent as text, for the server to refuse with its rule.
 */
function parameterValue(
  text: string,
  parameter: DriverVersionParameter | undefined,
): string | number | boolean {
  switch (parameter?.type) {
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

/** `component.NAME` split at its first dot: component names hold no dots. */
function componentKey(option: string, key: string): [string, string] {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1) {
    throw new UsageError(`${option} takes component.NAME=VALUE; got "${key}"`);
  }
  return [key.slice(0, dot), key.slice(dot + 1)];
}

/** Reads a secret without its value ever being on the command line. */
async function secretValue(
  assignment: string,
  sources: ConfigurationSources,
): Promise<[string, string]> {
  const at = assignment.indexOf('=');
  if (at === -1) {
    // A secret typed at a terminal or piped in ends with the newline that closed it.
    return [assignment, (await sources.readStdin()).replace(/\r?\n$/, '')];
  }
  const [name, variable] = splitAssignment('--set-secret', assignment);
  const value = sources.env[variable];
  if (value === undefined) {
    throw new UsageError(
      `--set-secret ${name}= names an environment variable that is not set`,
    );
  }
  return [name, value];
}

/**
 * The JSON merge patch of a deployment's configuration that the flags describe: the file,
 * then the application version, the parameters (`--set`, `--set-secret`, `--unset`) and
 * the component overrides (`--env`, `--image`, `--replicas`). A secret parameter must come
 * through `--set-secret`, so that its value stays off the command line and out of the
 * shell's history.
 */
export async function configurationPatch(
  flags: ConfigurationFlags,
  sources: ConfigurationSources,
): Promise<Record<string, unknown>> {
  const declared = new Map(sources.parameters.map(p => [p.name, p]));
  if (flags.setSecret.filter(a => !a.includes('=')).length > 1) {
    throw new UsageError('Only one --set-secret can read stdin');
  }
  const parameters: Record<string, unknown> = {};
  for (const assignment of flags.set) {
    const [name, text] = splitAssignment('--set', assignment);
    if (declared.get(name)?.type === 'secret') {
      throw new UsageError(
        `${name} is a secret: give it with --set-secret ${name} (from stdin) or --set-secret ${name}=ENV_VAR`,
      );
    }
    parameters[name] = parameterValue(text, declared.get(name));
  }
  for (const assignment of flags.setSecret) {
    const [name, value] = await secretValue(assignment, sources);
    parameters[name] = value;
  }
  for (const name of flags.unset) {
    parameters[name] = null;
  }

  const components: Record<string, Record<string, unknown>> = {};
  const component = (name: string) => (components[name] ??= {});
  for (const assignment of flags.env) {
    const [key, value] = splitAssignment('--env', assignment);
    const [name, variable] = componentKey('--env', key);
    const overrides = component(name);
    overrides.env = { ...(overrides.env as object), [variable]: value };
  }
  for (const assignment of flags.image) {
    const [name, image] = splitAssignment('--image', assignment);
    component(name).image = image;
  }
  for (const assignment of flags.replicas) {
    const [name, count] = splitAssignment('--replicas', assignment);
    component(name).replicas = Number.isInteger(Number(count))
      ? Number(count)
      : count;
  }

  const fromFlags = {
    ...(flags.appVersion !== undefined && { app_version: flags.appVersion }),
    ...(Object.keys(parameters).length > 0 && { parameters }),
    ...(Object.keys(components).length > 0 && { components }),
  };
  const fromFile = flags.file ? await readYamlFile(flags.file) : {};
  return mergePatches(fromFile, fromFlags) as Record<string, unknown>;
}
