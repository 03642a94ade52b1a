import { ReactNode } from 'react';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { DriverIcon } from '../DriverIcon';

/** @public */
export interface DriverHeadingProps {
  title: string;
  icon: string | null | undefined;
  /** What the heading names after the title: the driver's name, or a version. */
  subtitle: ReactNode;
  description?: string;
}

/**
 * The heading of a driver's pages: logo, title and description.
 *
 * @public
 */
export const DriverHeading = ({
  title,
  icon,
  subtitle,
  description,
}: DriverHeadingProps) => (
  <Box display="flex" alignItems="flex-start" mb={3} gridGap={16}>
    <DriverIcon icon={icon} title={title} size="large" />
    <Box>
      <Typography variant="h4" component="h2">
        {title}{' '}
        <Typography variant="h6" component="span" color="textSecondary">
          {subtitle}
        </Typography>
      </Typography>
      {description && (
        <Typography variant="body1" color="textSecondary">
          {description}
        </Typography>
      )}
    </Box>
  </Box>
);
