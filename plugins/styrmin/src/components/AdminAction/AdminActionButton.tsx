import { usePermission } from '@backstage/plugin-permission-react';
import type { BasicPermission } from '@backstage/plugin-permission-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';

/** @public */
export interface AdminActionButtonProps {
  /** The button's label. */
  label: string;
  /** What the action needs, as styrminctl's server checks it. */
  permission: BasicPermission;
  /** What the action is, for the reason it is disabled: "Registering a cluster". */
  action: string;
  /** Why the action cannot be taken now although the user may, if it cannot. */
  unavailable?: string;
  /** `secondary` for an action that removes something. */
  color?: 'primary' | 'secondary';
  onClick: () => void;
}

/**
 * The button of an administrator's action: disabled, with the reason written next to it,
 * for a user without its permission (the same one the server checks for styrminctl), or
 * when the action cannot be taken now.
 *
 * @public
 */
export const AdminActionButton = ({
  label,
  permission,
  action,
  unavailable,
  color = 'primary',
  onClick,
}: AdminActionButtonProps) => {
  const { loading, allowed } = usePermission({ permission });
  let reason: string | undefined;
  if (!loading && !allowed) {
    reason = `${action} needs ${permission.name}, which administrators have.`;
  } else if (unavailable) {
    reason = unavailable;
  }
  return (
    <Box display="flex" alignItems="center" gridGap={8}>
      <Button
        variant="outlined"
        color={color}
        disabled={!allowed || !!unavailable}
        onClick={onClick}
      >
        {label}
      </Button>
      {reason && (
        <Typography variant="body2" color="textSecondary">
          {reason}
        </Typography>
      )}
    </Box>
  );
};
