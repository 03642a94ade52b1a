import { stringifyEntityRef } from '@backstage/catalog-model';
import { environmentEntityName } from '@styrmin/plugin-styrmin-common';
import { Environment } from '@styrmin/sdk';

/** What a template's environment field needs of an environment. */
export type TemplateEnvironment = Pick<Environment, 'name'> & {
  cluster: Pick<Environment['cluster'], 'name'>;
};

/** One environment a template's form offers: its entity ref and how the form names it. */
export interface EnvironmentChoice {
  entityRef: string;
  /** `name (cluster)`: the cluster says where the deployment will run. */
  label: string;
}

/**
 * The environments a template offers, as `name (cluster)` in alphabetical order, each with
 * its `Resource` entity's ref.
 */
export function environmentChoices(
  environments: TemplateEnvironment[],
  namespace: string,
): EnvironmentChoice[] {
  return environments
    .map(environment => ({
      entityRef: stringifyEntityRef({
        kind: 'Resource',
        namespace,
        name: environmentEntityName(environment),
      }),
      label: `${environment.name} (${environment.cluster.name})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}
