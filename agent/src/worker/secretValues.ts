import { GlobalContext } from '@styrmin/plugin-styrmin-common';

/**
 * The secret values of a context, at its `secret_paths` (dotted: `parameters.admin_password`,
 * `components.server.env.API_TOKEN`): what must never reach a log line or a step's error.
 */
export function secretValues(context: GlobalContext): string[] {
  const values = new Set<string>();
  for (const secretPath of context.secret_paths ?? []) {
    let value: unknown = context;
    for (const key of secretPath.split('.')) {
      value =
        value && typeof value === 'object'
          ? (value as Record<string, unknown>)[key]
          : undefined;
    }
    if (value !== undefined && value !== null && typeof value !== 'object') {
      values.add(String(value));
    }
  }
  return [...values];
}
