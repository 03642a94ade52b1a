import { EmptyState } from '@backstage/core-components';

/** @public */
export interface EnvironmentPageProps {
  /** The environment's name, from the address. */
  name: string;
  /** The tab the address names; the first when absent. */
  tab?: string;
}

/**
 * One environment: its deployments, overrides, cluster and backup storage location.
 *
 * @public
 */
export const EnvironmentPage = (_props: EnvironmentPageProps) => (
  <EmptyState missing="content" title="Environment pages are being built" />
);
