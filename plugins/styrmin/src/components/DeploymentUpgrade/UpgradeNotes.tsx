import { WarningPanel } from '@backstage/core-components';
import Typography from '@material-ui/core/Typography';
import type { DeploymentChangeResult } from '@styrmin/sdk';

/**
 * What an upgrade's review says besides the change review: that it is a downgrade, and
 * which retired values it carries over, and where.
 *
 * @internal
 */
export const UpgradeNotes = ({
  review,
  downgrade,
}: {
  review: Pick<DeploymentChangeResult, 'carriedOverParameters'>;
  /** The driver version moved from and to, when the upgrade is a downgrade. */
  downgrade?: { from: string; to: string };
}) => (
  <>
    {downgrade && (
      <WarningPanel
        severity="warning"
        title={`A downgrade: ${downgrade.from} to ${downgrade.to}`}
        message={`The deployment moves to an older driver version. ${downgrade.to}'s upgrade hook runs against what ${downgrade.from} left, which its driver may not expect.`}
      />
    )}
    {review.carriedOverParameters.length > 0 && (
      <section aria-label="Carried over">
        <Typography variant="subtitle2">Carried over</Typography>
        {review.carriedOverParameters.map(({ parameter, field, value }) => (
          <Typography key={parameter} variant="body2">
            <code>{parameter}</code> becomes <code>{field}</code> ={' '}
            <code>{JSON.stringify(value)}</code>
          </Typography>
        ))}
      </section>
    )}
  </>
);
