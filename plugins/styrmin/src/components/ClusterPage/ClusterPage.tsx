import { EmptyState } from '@backstage/core-components';

/** @public */
export interface ClusterPageProps {
  /** The cluster's name, from the address. */
  name: string;
  /** The tab the address names; the first when absent. */
  tab?: string;
}

/**
 * One cluster: its settings, its agent and the environments on it.
 *
 * @public
 */
export const ClusterPage = (_props: ClusterPageProps) => (
  <EmptyState missing="content" title="Cluster pages are being built" />
);
