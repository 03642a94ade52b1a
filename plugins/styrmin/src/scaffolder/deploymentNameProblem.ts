import { parseEntityRef } from '@backstage/catalog-model';
import { parseRecordName } from '@styrmin/plugin-styrmin-common';
import type { StyrminApi } from '../api';

/**
 * Why a deployment name breaks the record-name rules (a DNS label), in the words the
 * server refuses it with; undefined when it keeps them.
 */
export function deploymentNameRule(name: string): string | undefined {
  const parsed = parseRecordName(name);
  return parsed.success ? undefined : parsed.problems[0].message;
}

/**
 * The Styrmin environment a form names: its name (`dev`), or its catalog entity
 * (`resource:default/dev`, what the template's EntityPicker gives), whose name is the
 * environment's, as the scaffolder action reads it.
 */
export function environmentNameOf(reference: string): string {
  return reference.includes(':') || reference.includes('/')
    ? parseEntityRef(reference, { defaultKind: 'resource' }).name
    : reference;
}

/**
 * Why the name is not free in the environment, in the words of the server's CONFLICT:
 * another deployment that is not deleted has it. Asks the environment's deployments (the
 * environment query), since the API has no query for one name; undefined when the name is
 * free, or when the environment cannot be read (the server checks again on create).
 */
export async function deploymentNameTaken(
  api: Pick<StyrminApi, 'getEnvironment'>,
  environment: string,
  name: string,
): Promise<string | undefined> {
  const environmentName = environmentNameOf(environment);
  const found = await api
    .getEnvironment({ name: environmentName })
    .catch(() => undefined);
  return found?.deployments.some(deployment => deployment.name === name)
    ? `The environment ${environmentName} has a deployment named ${name} already`
    : undefined;
}
