import { Knex } from 'knex';
import { DEPLOYMENTS_TABLE } from '../deployments/tables';
import { DRIVER_VERSIONS_TABLE } from '../drivers/tables';
import { ENVIRONMENTS_TABLE } from '../environments/tables';
import { INSTANCES_TABLE } from '../instances/tables';

/**
 * Whether a deployment of the cluster uses a driver version with this digest: as its
 * current version, or in one of its instances (an older instance's version, for an
 * upgrade's hooks). Tombstones count: their instances are still records. One query.
 *
 * @internal
 */
export async function clusterUsesDriverDigest(options: {
  tx: Knex | Knex.Transaction;
  clusterId: string;
  digest: string;
}): Promise<boolean> {
  const { tx, clusterId, digest } = options;
  const deploymentsOfCluster = () =>
    tx(`${DEPLOYMENTS_TABLE} as d`)
      .join(`${ENVIRONMENTS_TABLE} as e`, 'e.id', 'd.environment_id')
      .where('e.cluster_id', clusterId);
  const row = await tx(`${DRIVER_VERSIONS_TABLE} as v`)
    .where('v.digest', digest)
    .where(used =>
      used
        .whereExists(
          deploymentsOfCluster()
            .select(tx.raw('1'))
            .whereRaw('?? = ??', ['d.driver_name', 'v.driver_name'])
            .whereRaw('?? = ??', ['d.driver_version', 'v.version']),
        )
        .orWhereExists(
          deploymentsOfCluster()
            .join(`${INSTANCES_TABLE} as i`, 'i.deployment_id', 'd.id')
            .select(tx.raw('1'))
            .whereRaw('?? = ??', ['i.driver_name', 'v.driver_name'])
            .whereRaw('?? = ??', ['i.driver_version', 'v.version']),
        ),
    )
    .first(tx.raw('1 as used'));
  return row !== undefined;
}
