import Typography from '@material-ui/core/Typography';
import { styrminSignalChannel } from '@styrmin/plugin-styrmin-common';
import type { Cluster, EnvironmentWithDeployments } from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { DeploymentsTable } from '../DeploymentsTable';
import { LoadedContent } from '../LoadedContent';

/** @public */
export interface ClusterUtilitiesProps {
  cluster: Cluster;
}

/** The system environment's channel, which its deployments' changes reach too. */
const systemChannel = (system: EnvironmentWithDeployments | undefined) =>
  system && styrminSignalChannel({ record: 'environment', id: system.id });

/**
 * A cluster's utilities (its ingress controller, its service discovery): the deployments
 * of its system environment, `system-<cluster>`, which Styrmin makes and manages, each
 * with its state, versions and newest task, live while it is shown. Nobody edits them;
 * the cluster's settings switch them off (`utilities_enabled`, `disabled_utilities`).
 *
 * @public
 */
export const ClusterUtilities = ({ cluster }: ClusterUtilitiesProps) => {
  const state = useLiveStyrminApi<EnvironmentWithDeployments | undefined>(
    systemChannel,
    (api: StyrminApi) => api.getEnvironment({ name: `system-${cluster.name}` }),
    [cluster.name, cluster.version],
  );
  const none = (
    <Typography>
      No utilities on {cluster.name}: Styrmin deploys none here (see the
      cluster&apos;s settings utilities_enabled and disabled_utilities).
    </Typography>
  );
  return (
    <LoadedContent state={state} missing={none}>
      {system =>
        system.deployments.length === 0 ? (
          none
        ) : (
          <>
            <Typography variant="body2" color="textSecondary" paragraph>
              Deployed and managed by Styrmin in {system.name}; they cannot be
              edited by hand.
            </Typography>
            <DeploymentsTable
              label={`Utilities of ${cluster.name}`}
              deployments={system.deployments}
            />
          </>
        )
      }
    </LoadedContent>
  );
};
