import { DriverVersionParameter } from '@styrmin/sdk';
import { splitAssignment } from '../records/assignments';
import { mergePatches } from '../records/mergePatches';
import { readYamlFile } from '../records/readYamlFile';
import { UsageError } from '../UsageError';
import {
  checkOneStdinSecret,
  declaredValue,
  secretValue,
  SecretSources,
  splitFirstDot,
} from './flagValues';

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
export interface ConfigurationSources extends SecretSources {
  /** The parameters of the driver version the configuration is for. */
  parameters: readonly DriverVersionParameter[];
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
  checkOneStdinSecret({ '--set-secret': flags.setSecret });
  const parameters: Record<string, unknown> = {};
  for (const assignment of flags.set) {
    const [name, text] = splitAssignment('--set', assignment);
    if (declared.get(name)?.type === 'secret') {
      throw new UsageError(
        `${name} is a secret: give it with --set-secret ${name} (from stdin) or --set-secret ${name}=ENV_VAR`,
      );
    }
    parameters[name] = declaredValue(text, declared.get(name));
  }
  for (const assignment of flags.setSecret) {
    const [name, value] = await secretValue(
      '--set-secret',
      assignment,
      sources,
    );
    parameters[name] = value;
  }
  for (const name of flags.unset) {
    parameters[name] = null;
  }

  const components: Record<string, Record<string, unknown>> = {};
  const component = (name: string) => (components[name] ??= {});
  for (const assignment of flags.env) {
    const [key, value] = splitAssignment('--env', assignment);
    const [name, variable] = splitFirstDot(
      '--env',
      key,
      'component.NAME=VALUE',
    );
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
