import { ComponentOverrides } from '../configuration/ComponentOverrides';
import { DeploymentConfiguration } from '../configuration/DeploymentConfiguration';
import { isJsonObject, JsonValue } from '../configuration/JsonValue';
import { GlobalContext } from '../context/GlobalContext';
import { DriverSpec } from '../driver/DriverSpec';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { SECRET_MASK } from './ContextChange';

/**
 * Whether a path (as keys) is secret: it is one of the secret paths, or lies under one.
 *
 * @public
 */
export function secretPathMatcher(
  secretPaths: Iterable<string>,
): (path: readonly string[]) => boolean {
  const paths = new Set(secretPaths);
  return path =>
    path.some((_, index) =>
      paths.has(formatDriverSpecPath(path.slice(0, index + 1))),
    );
}

/**
 * A copy of a value found at `path` with every value at a secret path, or under one,
 * replaced by {@link SECRET_MASK}.
 *
 * @public
 */
export function maskSecrets(
  value: JsonValue,
  options: { isSecret: (path: readonly string[]) => boolean; path?: string[] },
): JsonValue {
  const { isSecret, path = [] } = options;
  if (isSecret(path)) {
    return SECRET_MASK;
  }
  return isJsonObject(value)
    ? Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [
          key,
          maskSecrets(inner, { isSecret, path: [...path, key] }),
        ]),
      )
    : value;
}

/**
 * A context as people may see it: the values at its `secret_paths` masked. What every API
 * answer and log shows of a context.
 *
 * @public
 */
export function maskContext(context: GlobalContext): GlobalContext {
  return maskSecrets(context as unknown as JsonValue, {
    isSecret: secretPathMatcher(context.secret_paths),
  }) as unknown as GlobalContext;
}

/**
 * A deployment configuration as people may see it: the values of the parameters that the
 * driver version declares secret, and the env vars given as `{ secret }`, masked. Masked
 * values are what the user set, never to be sent back: a change sends only what it
 * changes.
 *
 * @public
 */
export function maskConfiguration(
  configuration: DeploymentConfiguration,
  driver: DriverSpec,
): DeploymentConfiguration {
  const { parameters } = driver.spec;
  const maskEnv = (overrides: ComponentOverrides): ComponentOverrides =>
    overrides.env
      ? {
          ...overrides,
          env: Object.fromEntries(
            Object.entries(overrides.env).map(([name, value]) => [
              name,
              typeof value === 'string' ? value : { secret: SECRET_MASK },
            ]),
          ),
        }
      : overrides;
  return {
    ...configuration,
    parameters: Object.fromEntries(
      Object.entries(configuration.parameters).map(([name, value]) => [
        name,
        Object.hasOwn(parameters, name) && parameters[name].type === 'secret'
          ? SECRET_MASK
          : value,
      ]),
    ),
    components: Object.fromEntries(
      Object.entries(configuration.components).map(([name, overrides]) => [
        name,
        maskEnv(overrides),
      ]),
    ),
  };
}
