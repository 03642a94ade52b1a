import { Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { Redeployment } from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import { plural } from '../../plural';
import { ContextDiff } from '../ContextDiff';
import { DeploymentStateChip } from '../StateChip';

/** @public */
export interface RedeploymentReviewProps {
  /** A preview's answer: the deployments a change would redeploy. */
  redeployments: Redeployment[];
}

/**
 * What a change of settings would redeploy, before it is saved, as `styrminctl
 * environments update --preview` prints it: each deployment whose context it alters,
 * with the flow that would redeploy it and the reconciliation diff.
 *
 * @public
 */
export const RedeploymentReview = ({
  redeployments,
}: RedeploymentReviewProps) => {
  const links = useDeploymentLinks();
  if (redeployments.length === 0) {
    return (
      <Typography>
        Saving redeploys no deployment: none uses a value that changes.
      </Typography>
    );
  }
  return (
    <Box component="section" aria-label="Deployments the change redeploys">
      <Typography gutterBottom>
        Saving redeploys {plural(redeployments.length, 'deployment')}, whose
        context the change alters:
      </Typography>
      {redeployments.map(({ deployment, flow, diff }) => (
        <Box key={deployment.id} mb={2}>
          <Typography variant="subtitle1" component="h4">
            <Link to={links.deployment(deployment.id)}>
              {deployment.environment.name}/{deployment.name}
            </Link>{' '}
            <DeploymentStateChip value={deployment.state} /> {flow}
          </Typography>
          <ContextDiff changes={diff} />
        </Box>
      ))}
    </Box>
  );
};
