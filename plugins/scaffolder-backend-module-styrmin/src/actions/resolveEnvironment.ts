import { parseEntityRef } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import { Environment, StyrminClient } from '@styrmin/sdk';

/**
 * The environment a template names: by its name (`dev`) or by its catalog entity
 * (`resource:default/dev`, what the form's EntityPicker gives), whose name is the
 * environment's name (`environmentEntityName` of @styrmin/plugin-styrmin-common).
 */
export async function resolveEnvironment(
  client: StyrminClient,
  reference: string,
): Promise<Environment> {
  const name =
    reference.includes(':') || reference.includes('/')
      ? parseEntityRef(reference, { defaultKind: 'resource' }).name
      : reference;
  const environment = await client.environment({ name });
  if (!environment) {
    throw new InputError(
      `There is no Styrmin environment ${JSON.stringify(
        name,
      )} (from ${JSON.stringify(reference)})`,
    );
  }
  return environment;
}
