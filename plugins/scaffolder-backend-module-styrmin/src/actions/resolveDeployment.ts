import { parseEntityRef } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import { DeploymentWithInstance, StyrminClient } from '@styrmin/sdk';

/**
 * The deployment a template names: by its id, as `<environment>/<name>`, or by its catalog
 * entity (`resource:default/dev.infrahub`), whose name is `<environment>.<name>` unless it
 * was too long and got shortened (then give the id).
 */
export async function resolveDeployment(
  client: StyrminClient,
  reference: string,
): Promise<DeploymentWithInstance> {
  let deployment: DeploymentWithInstance | undefined;
  if (reference.includes(':')) {
    const { name } = parseEntityRef(reference);
    const dot = name.indexOf('.');
    if (dot > 0) {
      deployment = await client.deployment({
        environment: name.slice(0, dot),
        name: name.slice(dot + 1),
      });
    }
  } else if (reference.includes('/')) {
    const [environment, name] = reference.split('/', 2);
    deployment = await client.deployment({ environment, name });
  } else {
    deployment = await client.deployment({ id: reference });
  }
  if (!deployment || deployment.deletedAt) {
    throw new InputError(
      `There is no Styrmin deployment ${JSON.stringify(reference)}`,
    );
  }
  return deployment;
}
