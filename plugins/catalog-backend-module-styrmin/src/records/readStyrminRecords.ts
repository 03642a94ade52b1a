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
  /**
   * The URLs outside the cluster of the deployments' exposed services (through their
   * Ingresses), by deployment id; a deployment that exposes none is left out.
   */
  exposedUrls: Map<string, ExposedUrl[]>;
};

/** A service of a deployment reached from outside its cluster. */
export type ExposedUrl = { service: string; url: string };

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

/**
 * The services of every deployment with the URL outside the cluster of those it exposes,
 * a page at a time: the Deployment fragment of the SDK leaves services out.
 */
export const DEPLOYMENT_URLS_QUERY = /* GraphQL */ `
  query CatalogDeploymentUrls($first: Int!, $after: String) {
    deployments(first: $first, after: $after) {
      nodes {
        id
        services {
          name
          externalUrl
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

type Page<T> = {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
};

type DeploymentUrlsData = {
  deployments: Page<{
    id: string;
    services: Array<{ name: string; externalUrl?: string | null }>;
  }>;
};

async function readAllPages<T>(
  readPage: (page: { first: number; after?: string }) => Promise<Page<T>>,
): Promise<T[]> {
  const nodes: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await readPage({ first: DEPLOYMENTS_PAGE_SIZE, after });
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) {
      return nodes;
    }
    after = page.pageInfo.endCursor;
  }
}

async function readExposedUrls(
  client: StyrminClient,
): Promise<Map<string, ExposedUrl[]>> {
  const deployments = await readAllPages(async variables => {
    const data = await client.request<DeploymentUrlsData>(
      DEPLOYMENT_URLS_QUERY,
      variables,
    );
    return data.deployments;
  });
  return new Map(
    deployments.flatMap(({ id, services }) => {
      const urls = services.flatMap(({ name, externalUrl }) =>
        externalUrl ? [{ service: name, url: externalUrl }] : [],
      );
      return urls.length > 0 ? [[id, urls] as const] : [];
    }),
  );
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
  const [clusters, environments, deployments, drivers, exposedUrls] =
    await Promise.all([
      client.clusters(),
      client.environments(),
      readAllPages(page => client.deployments(page)),
      client.request<DriverVersionsData>(DRIVER_VERSIONS_QUERY),
      readExposedUrls(client),
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
    exposedUrls,
  };
}
