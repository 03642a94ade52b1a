import {
  ANNOTATION_LOCATION,
  ANNOTATION_ORIGIN_LOCATION,
  EntityLink,
} from '@backstage/catalog-model';

/**
 * What every entity builder needs besides its record: where the entities go, who owns
 * them, and the portal's address for links to Styrmin pages.
 */
export type EntitySettings = {
  namespace: string;
  defaultOwner: string;
  environmentOwners: Record<string, string>;
  appBaseUrl: string;
};

/** The owner of an environment and its deployments. */
export function environmentOwner(
  context: EntitySettings,
  environmentName: string,
): string {
  return context.environmentOwners[environmentName] ?? context.defaultOwner;
}

/** The address of a Styrmin page in the portal. */
export function pageUrl(context: EntitySettings, path: string): string {
  return `${context.appBaseUrl}${path}`;
}

/**
 * The annotations that every entity of a provider must carry: where it came from. The
 * location is the Styrmin page of its record, as `styrmin:<url>`.
 */
export function locationAnnotations(url: string): Record<string, string> {
  return {
    [ANNOTATION_LOCATION]: `styrmin:${url}`,
    [ANNOTATION_ORIGIN_LOCATION]: `styrmin:${url}`,
  };
}

/** The link from an entity to its Styrmin page. */
export function styrminLink(url: string, title: string): EntityLink {
  return { url, title, icon: 'dashboard', type: 'styrmin' };
}
