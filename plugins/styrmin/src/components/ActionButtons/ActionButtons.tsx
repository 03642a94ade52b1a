import { ReactNode } from 'react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';

/** One action: its button, and why it is disabled when it is. */
export interface ActionButton {
  /** Unique on the page; part of the reason's element id. */
  id: string;
  label: string;
  icon: ReactNode;
  /** Why it may not be taken now; undefined when it may. */
  reason?: string;
  /** `secondary` for an action that removes or replaces something. */
  color?: 'default' | 'primary' | 'secondary';
  onClick: () => void;
}

/**
 * Buttons for the actions on a record (a backup, a deployment, an environment backup), each disabled with its reason
 * written under them, as the deployment's actions are: a disabled button cannot be
 * focused for a tooltip.
 */
export const ActionButtons = ({
  buttons,
  align = 'right',
}: {
  buttons: ActionButton[];
  align?: 'left' | 'right';
}) => (
  <Box>
    <Box
      display="flex"
      flexWrap="wrap"
      gridGap={8}
      justifyContent={align === 'right' ? 'flex-end' : 'flex-start'}
    >
      {buttons.map(button => (
        <Button
          key={button.id}
          variant="outlined"
          color={button.color ?? 'default'}
          startIcon={button.icon}
          disabled={button.reason !== undefined}
          aria-describedby={
            button.reason ? `styrmin-action-reason-${button.id}` : undefined
          }
          onClick={button.onClick}
        >
          {button.label}
        </Button>
      ))}
    </Box>
    {buttons
      .filter(button => button.reason)
      .map(button => (
        <Typography
          key={button.id}
          id={`styrmin-action-reason-${button.id}`}
          variant="caption"
          color="textSecondary"
          display="block"
          align={align}
        >
          {button.label}: {button.reason}
        </Typography>
      ))}
  </Box>
);
