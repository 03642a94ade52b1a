import { DriverSpec } from '@styrmin/plugin-styrmin-common';
import { Cluster, Deployment, Environment, StyrminClient } from '@styrmin/sdk';

/**
 * One loaded application driver version, as much of it as a template needs.
 */
export type StyrminDriverVersionRecord = {
  name: string;
  version: string;
  title: string;
  supportedVersions: string;
  digest: string;
  /** driver.styrmin.yml as the server validated it, with the defaults filled in. */
  spec: DriverSpec;
};

/**
 * Everything of Styrmin that the catalog shows, read in one refresh.
 */
export type StyrminRecords = {
  clusters: Cluster[];
  /** The environments that are not deleted. */
  environments: Environment[];
  /** The deployments that are not deleted. */
  deployments: Deployment[];
  driverVersions: StyrminDriverVersionRecord[];
};

/**
 * Every driver version with its whole specification, in one request: `spec` is one JSON
 * value, so the query stays far below the API's cost limit however many parameters the
 * drivers declare (a nested `parameters` list would not).
 */
export const DRIVER_VERSIONS_QUERY = /* GraphQL */ `
  query CatalogDriverVersions {
    drivers {
      versions {
        name
        version
        title
        supportedVersions
        digest
        spec
      }
    }
  }
`;

type DriverVersionsData = {
  drivers: Array<{
    versions: Array<
      Omit<StyrminDriverVersionRecord, 'spec'> & { spec: unknown }
    >;
  }>;
};

/** The page size when reading deployments: the API's largest. */
const DEPLOYMENTS_PAGE_SIZE = 100;

async function readAllDeployments(client: StyrminClient) {
  const deployments: Deployment[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await client.deployments({
      first: DEPLOYMENTS_PAGE_SIZE,
      after,
    });
    deployments.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) {
      return deployments;
    }
    after = page.pageInfo.endCursor;
  }
}

/**
 * Reads the records the catalog shows through the Styrmin API. Driver versions whose
 * specification this module cannot read (written by a newer server) are left out and
 * reported through `onSkippedDriverVersion`, so that one does not hide the others.
 */
export async function readStyrminRecords(
  client: StyrminClient,
  options: {
    onSkippedDriverVersion?: (
      driverVersion: { name: string; version: string },
      reason: string,
    ) => void;
  } = {},
): Promise<StyrminRecords> {
  const [clusters, environments, deployments, drivers] = await Promise.all([
    client.clusters(),
    client.environments(),
    readAllDeployments(client),
    client.request<DriverVersionsData>(DRIVER_VERSIONS_QUERY),
  ]);
  const driverVersions: StyrminDriverVersionRecord[] = [];
  for (const version of drivers.drivers.flatMap(driver => driver.versions)) {
    const spec = DriverSpec.safeParse(version.spec);
    if (spec.success) {
      driverVersions.push({ ...version, spec: spec.data });
    } else {
      options.onSkippedDriverVersion?.(version, spec.error.message);
    }
  }
  return {
    clusters,
    environments,
    deployments: deployments.filter(deployment => !deployment.deletedAt),
    driverVersions,
  };
}
