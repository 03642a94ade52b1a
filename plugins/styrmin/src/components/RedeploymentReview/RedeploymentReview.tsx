import { Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
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
  /** True while the change is being saved. */
  busy: boolean;
  onSave: () => void;
  /** Back to the form, with the change kept. */
  onBack: () => void;
}

const RedeploymentList = ({
  redeployments,
}: {
  redeployments: Redeployment[];
}) => {
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

/**
 * What a change of settings (a cluster's, an environment's overrides) would redeploy,
 * before it is saved, as `styrminctl ... update --preview` prints it: each deployment
 * whose context it alters, with the flow that would redeploy it and the reconciliation
 * diff; then Save, or back to editing.
 *
 * @public
 */
export const RedeploymentReview = ({
  redeployments,
  busy,
  onSave,
  onBack,
}: RedeploymentReviewProps) => (
  <>
    <RedeploymentList redeployments={redeployments} />
    <Box mt={2} display="flex" gridGap={8}>
      <Button
        variant="contained"
        color="primary"
        disabled={busy}
        onClick={onSave}
      >
        Save
      </Button>
      <Button disabled={busy} onClick={onBack}>
        Back to editing
      </Button>
    </Box>
  </>
);
