import { Entity } from '@backstage/catalog-model';
import { StyrminRecords } from '../records/readStyrminRecords';
import {
  driverVersionKey,
  newestDriverVersions,
} from '../templates/newestDriverVersions';
import { templateEntity } from '../templates/templateEntity';
import { clusterEntity } from './clusterEntity';
import { deploymentEntity } from './deploymentEntity';
import { EntitySettings } from './EntitySettings';
import { environmentEntity } from './environmentEntity';
import { kubernetesLabelSelector } from './kubernetesLabelSelector';

/**
 * Every entity of one refresh: a `System` per cluster, a `Resource` per environment and
 * per deployment that is not deleted, a `Template` per driver version (the newest of each
 * driver the default one).
 */
export function buildEntities(
  records: StyrminRecords,
  context: EntitySettings,
): Entity[] {
  const environmentsById = new Map(
    records.environments.map(environment => [environment.id, environment]),
  );
  const labelSelectors = new Map(
    records.driverVersions.map(driverVersion => [
      driverVersionKey(driverVersion),
      kubernetesLabelSelector(driverVersion.spec.spec.components),
    ]),
  );
  const newest = newestDriverVersions(records.driverVersions);
  return [
    ...records.clusters.map(cluster => clusterEntity(cluster, context)),
    ...records.environments.map(environment =>
      environmentEntity(environment, context),
    ),
    // Not the deployments of an environment the API leaves out: a cluster's system
    // environment, whose utilities Styrmin manages (docs/utilities.md).
    ...records.deployments
      .filter(deployment => environmentsById.has(deployment.environment.id))
      .map(deployment =>
        deploymentEntity(
          deployment,
          environmentsById.get(deployment.environment.id)?.cluster,
          context,
          labelSelectors.get(driverVersionKey(deployment.driverVersion)),
          records.exposedUrls.get(deployment.id),
        ),
      ),
    ...records.driverVersions.map(driverVersion =>
      templateEntity(
        driverVersion,
        {
          newest: newest.has(driverVersionKey(driverVersion)),
          environments: records.environments,
        },
        context,
      ),
    ),
  ];
}
