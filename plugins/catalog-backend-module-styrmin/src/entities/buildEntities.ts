import { Entity } from '@backstage/catalog-model';
import { StyrminRecords } from '../records/readStyrminRecords';
import { templateEntity } from '../templates/templateEntity';
import { clusterEntity } from './clusterEntity';
import { deploymentEntity } from './deploymentEntity';
import { EntityContext } from './EntityContext';
import { environmentEntity } from './environmentEntity';
import { kubernetesLabelSelector } from './kubernetesLabelSelector';

/**
 * Every entity of one refresh: a `System` per cluster, a `Resource` per environment and
 * per deployment that is not deleted, a `Template` per driver version.
 */
export function buildEntities(
  records: StyrminRecords,
  context: EntityContext,
): Entity[] {
  const environmentsById = new Map(
    records.environments.map(environment => [environment.id, environment]),
  );
  const labelSelectors = new Map(
    records.driverVersions.map(({ name, version, spec }) => [
      `${name}@${version}`,
      kubernetesLabelSelector(spec.spec.components),
    ]),
  );
  return [
    ...records.clusters.map(cluster => clusterEntity(cluster, context)),
    ...records.environments.map(environment =>
      environmentEntity(environment, context),
    ),
    ...records.deployments.map(deployment =>
      deploymentEntity(
        deployment,
        environmentsById.get(deployment.environment.id)?.cluster,
        context,
        labelSelectors.get(
          `${deployment.driverVersion.name}@${deployment.driverVersion.version}`,
        ),
      ),
    ),
    ...records.driverVersions.map(driverVersion =>
      templateEntity(driverVersion, context),
    ),
  ];
}
