import Grid from '@material-ui/core/Grid';
import { DriversCard } from '../DriversCard';
import { ServerCard } from '../ServerCard';

/**
 * The Styrmin home page: one section per kind of record, each loading on its own, so a
 * section that fails leaves the others readable. Environments with their deployments, and
 * clusters with their agents, join as sections when their API lands.
 *
 * @public
 */
export const StyrminHomePage = () => (
  <Grid container spacing={3}>
    <Grid item xs={12} md={7}>
      <DriversCard />
    </Grid>
    <Grid item xs={12} md={5}>
      <ServerCard />
    </Grid>
  </Grid>
);
