import { z } from 'zod/v4';
import { ClusterSettings } from './ClusterSettings';

/**
 * The environment overrides: cluster settings that the deployments of one environment use
 * instead of the cluster's (for example another storage class or base domain for `dev`).
 * Each field set here replaces the cluster's; `storage_classes` and `extra` merge into the
 * cluster's key by key.
 *
 * @public
 */
export const EnvironmentOverrides = ClusterSettings.describe(
  "The cluster settings that an environment's deployments use instead of the cluster's.",
);

/** @public */
export type EnvironmentOverrides = z.infer<typeof EnvironmentOverrides>;
