import {
  applyMergePatch,
  DeploymentConfiguration,
  formatDriverSpecPath,
  SECRET_MASK,
  validateDeploymentChange,
  ValidationProblem,
} from '@styrmin/plugin-styrmin-common';
import type { DriverVersion } from '@styrmin/sdk';

/** One env var override as the form edits it. */
export interface EnvVarDraft {
  name: string;
  value: string;
  secret: boolean;
  /**
   * A stored secret, whose value the API never returns: empty means that it stays as it
   * is, and its name cannot change.
   */
  stored: boolean;
}

/** The overrides of one component as the form edits them: text, as typed. */
export interface ComponentDraft {
  env: EnvVarDraft[];
  image: string;
  /** One entry per line. */
  command: string;
  /** One entry per line. */
  args: string;
  replicas: string;
}

/** A deployment's configuration as the Configuration tab edits it. */
export interface ConfigurationDraft {
  appVersion: string;
  /** Parameter values; a stored secret's is absent (unchanged) until a new one is typed. */
  parameters: Record<string, unknown>;
  components: Record<string, ComponentDraft>;
}

type JsonPatch = Record<string, unknown>;

const lines = (entries: readonly string[] | undefined) =>
  (entries ?? []).join('\n');

const isSecretParameter = (driverVersion: DriverVersion, name: string) =>
  driverVersion.parameters.some(p => p.name === name && p.type === 'secret');

/** The secret parameters that have a value: their fields stay empty. */
export function storedSecrets(
  configuration: DeploymentConfiguration,
  driverVersion: DriverVersion,
): string[] {
  return Object.keys(configuration.parameters ?? {}).filter(name =>
    isSecretParameter(driverVersion, name),
  );
}

/** The draft of a stored configuration (as the API answers it: secrets masked). */
export function draftOf(
  configuration: DeploymentConfiguration,
  driverVersion: DriverVersion,
): ConfigurationDraft {
  const secrets = storedSecrets(configuration, driverVersion);
  return {
    appVersion: configuration.app_version,
    parameters: Object.fromEntries(
      Object.entries(configuration.parameters ?? {}).filter(
        ([name]) => !secrets.includes(name),
      ),
    ),
    components: Object.fromEntries(
      driverVersion.components.map(({ name }) => {
        const overrides = configuration.components?.[name] ?? {};
        return [
          name,
          {
            env: Object.entries(overrides.env ?? {}).map(([envName, value]) =>
              typeof value === 'string'
                ? { name: envName, value, secret: false, stored: false }
                : { name: envName, value: '', secret: true, stored: true },
            ),
            image: overrides.image ?? '',
            command: lines(overrides.command),
            args: lines(overrides.args),
            replicas: overrides.replicas?.toString() ?? '',
          },
        ];
      }),
    ),
  };
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a) === JSON.stringify(b);

/** What a typed replica count stands for: a number when it reads as one. */
function replicasValue(text: string): unknown {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
}

function listValue(text: string): string[] {
  return text.split('\n').filter(line => line.trim() !== '');
}

/** Sets `key` in the patch to `value`, or removes it (null) when the draft left it empty. */
function patchField(
  patch: JsonPatch,
  key: string,
  stored: unknown,
  value: unknown,
) {
  if (value === undefined) {
    if (stored !== undefined) {
      patch[key] = null;
    }
  } else if (!same(stored, value)) {
    patch[key] = value;
  }
}

function componentPatch(
  stored: DeploymentConfiguration['components'][string] = {},
  draft: ComponentDraft,
): JsonPatch {
  const patch: JsonPatch = {};
  const storedEnv = stored.env ?? {};
  const env: JsonPatch = {};
  for (const name of Object.keys(storedEnv)) {
    if (!draft.env.some(row => row.name === name)) {
      env[name] = null;
    }
  }
  for (const row of draft.env) {
    if (row.name === '' || (row.stored && row.value === '')) {
      continue;
    }
    const value = row.secret ? { secret: row.value } : row.value;
    if (!same(storedEnv[row.name], value)) {
      env[row.name] = value;
    }
  }
  if (Object.keys(env).length > 0) {
    patch.env = env;
  }
  patchField(patch, 'image', stored.image, draft.image || undefined);
  for (const key of ['command', 'args'] as const) {
    const list = listValue(draft[key]);
    patchField(patch, key, stored[key], list.length > 0 ? list : undefined);
  }
  patchField(
    patch,
    'replicas',
    stored.replicas,
    draft.replicas.trim() === '' ? undefined : replicasValue(draft.replicas),
  );
  return patch;
}

/**
 * The JSON merge patch that turns the stored configuration into the draft: only what the
 * draft changes. A parameter left at its default is not set, a stored secret left empty
 * is not sent, and an emptied field removes its value.
 */
export function patchOf(
  configuration: DeploymentConfiguration,
  draft: ConfigurationDraft,
  driverVersion: DriverVersion,
): JsonPatch {
  const patch: JsonPatch = {};
  if (draft.appVersion !== configuration.app_version) {
    patch.app_version = draft.appVersion;
  }
  const storedParameters = configuration.parameters ?? {};
  const parameters: JsonPatch = {};
  for (const parameter of driverVersion.parameters) {
    const { name } = parameter;
    const value = draft.parameters[name];
    const empty = value === undefined || value === '';
    if (parameter.type === 'secret') {
      if (!empty) {
        parameters[name] = value;
      }
    } else if (empty) {
      if (storedParameters[name] !== undefined) {
        parameters[name] = null;
      }
    } else if (!same(value, storedParameters[name] ?? parameter.default)) {
      parameters[name] = value;
    }
  }
  if (Object.keys(parameters).length > 0) {
    patch.parameters = parameters;
  }
  const components: JsonPatch = {};
  for (const [name, componentDraft] of Object.entries(draft.components)) {
    const change = componentPatch(
      configuration.components?.[name],
      componentDraft,
    );
    if (Object.keys(change).length > 0) {
      components[name] = change;
    }
  }
  if (Object.keys(components).length > 0) {
    patch.components = components;
  }
  return patch;
}

/**
 * What the server would refuse in a change of the configuration, checked by the same
 * rules (`validateDeploymentChange`) on the configuration the patch makes. A stored
 * secret is masked here, so the rules of its value are left to the server, which checked
 * it when it was set.
 */
export function draftProblems(
  configuration: DeploymentConfiguration,
  patch: JsonPatch,
  driverVersion: DriverVersion,
): ValidationProblem[] {
  const validation = validateDeploymentChange({
    currentDriver: driverVersion.spec,
    driver: driverVersion.spec,
    configuration: applyMergePatch(configuration, patch),
  });
  if (validation.success) {
    return [];
  }
  const masked = Object.entries(configuration.parameters ?? {})
    .filter(
      ([name, value]) =>
        value === SECRET_MASK &&
        !Object.hasOwn((patch.parameters as JsonPatch) ?? {}, name),
    )
    .map(([name]) => formatDriverSpecPath(['parameters', name]));
  return validation.problems.filter(problem => !masked.includes(problem.field));
}
