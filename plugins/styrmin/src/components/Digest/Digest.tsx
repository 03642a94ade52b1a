import { CopyTextButton } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';

const useStyles = makeStyles({
  // A digest has no spaces; let it wrap anywhere rather than widen its card.
  whole: { wordBreak: 'break-all' },
});

/** Algorithm and the first 12 hex digits: enough to tell versions apart at a glance. */
const SHORT_DIGEST = /^([a-z0-9]+:)?([0-9a-f]{12})[0-9a-f]+$/;

/** @public */
export interface DigestProps {
  /** `sha256:<hex>` over the files of a driver version. */
  digest: string;
  /** Shortened, with the whole digest as the tooltip; whole and copyable otherwise. */
  short?: boolean;
}

/**
 * The content digest of a driver version, which identifies the same files wherever they
 * were loaded from.
 *
 * @public
 */
export const Digest = ({ digest, short = false }: DigestProps) => {
  const classes = useStyles();
  if (short) {
    return (
      <Typography variant="body2" component="code" title={digest}>
        {digest.replace(SHORT_DIGEST, '$1$2')}
      </Typography>
    );
  }
  return (
    <Box display="flex" alignItems="center" gridGap={4}>
      <Typography variant="body2" component="code" className={classes.whole}>
        {digest}
      </Typography>
      <CopyTextButton
        text={digest}
        tooltipText="Digest copied"
        aria-label="Copy the digest"
      />
    </Box>
  );
};
