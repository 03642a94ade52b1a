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
  /** Who holds the permission in Styrmin's role policy; `administrators` by default. */
  heldBy?: string;
  /** Why the action cannot be taken now although the user may, if it cannot. */
  unavailable?: string;
  /** `secondary` for an action that removes something. */
  color?: 'primary' | 'secondary';
  onClick: () => void;
}

/**
 * Why a user without an action's permission may not take it, naming who has it, as the
 * administrators' actions say it: "Cloning an environment needs styrmin.environment.clone,
 * which administrators have."
 *
 * @public
 */
export function missingPermissionReason(options: {
  action: string;
  permission: BasicPermission;
  heldBy?: string;
}): string {
  const { action, permission, heldBy = 'administrators' } = options;
  return `${action} needs ${permission.name}, which ${heldBy} have.`;
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
  heldBy,
  unavailable,
  color = 'primary',
  onClick,
}: AdminActionButtonProps) => {
  const { loading, allowed } = usePermission({ permission });
  let reason: string | undefined;
  if (!loading && !allowed) {
    reason = missingPermissionReason({ action, permission, heldBy });
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
