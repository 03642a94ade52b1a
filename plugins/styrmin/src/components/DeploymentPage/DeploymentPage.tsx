import { EmptyState } from '@backstage/core-components';

/** @public */
export interface DeploymentPageProps {
  /** The deployment's id, from the address. */
  id: string;
  /** The tab the address names; the first (Overview) when absent. */
  tab?: string;
}

/**
 * One deployment, with a tab for each of its parts.
 *
 * @public
 */
export const DeploymentPage = (_props: DeploymentPageProps) => (
  <EmptyState missing="content" title="Deployment pages are being built" />
);
