import Avatar from '@material-ui/core/Avatar';
import { makeStyles } from '@material-ui/core/styles';

const useStyles = makeStyles(theme => ({
  small: { width: theme.spacing(4), height: theme.spacing(4) },
  large: { width: theme.spacing(7), height: theme.spacing(7) },
  // The letter drawn when there is no icon or it does not load (an offline portal, a
  // Content-Security-Policy without the icon's host): readable on either theme.
  colorDefault: {
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
  },
}));

/** @public */
export interface DriverIconProps {
  /** The URL of the application logo (`spec.info.icon`), if the driver has one. */
  icon: string | null | undefined;
  /** The driver's title; its first letter stands in for a missing icon. */
  title: string;
  size?: 'small' | 'large';
}

/**
 * The logo of an application driver. Decorative: the driver's title is always written
 * next to it, so screen readers skip it.
 *
 * @public
 */
export const DriverIcon = ({
  icon,
  title,
  size = 'small',
}: DriverIconProps) => {
  const classes = useStyles();
  return (
    <Avatar
      src={icon ?? undefined}
      alt=""
      aria-hidden
      variant="rounded"
      className={classes[size]}
      classes={{ colorDefault: classes.colorDefault }}
    >
      {title.charAt(0).toUpperCase()}
    </Avatar>
  );
};
