import Grid from '@material-ui/core/Grid';
import { ClustersCard } from '../ClustersCard';
import { DriversCard } from '../DriversCard';
import { EnvironmentsCard } from '../EnvironmentsCard';
import { ServerCard } from '../ServerCard';

/**
 * The Styrmin home page: one section per kind of record, each loading on its own, so a
 * section that fails leaves the others readable. The environments with their deployments
 * come first: what runs is what people come for.
 *
 * @public
 */
export const StyrminHomePage = () => (
  <Grid container spacing={3}>
    <Grid item xs={12}>
      <EnvironmentsCard />
    </Grid>
    <Grid item xs={12} md={6}>
      <ClustersCard />
    </Grid>
    <Grid item xs={12} md={6}>
      <DriversCard />
    </Grid>
    <Grid item xs={12} md={6}>
      <ServerCard />
    </Grid>
  </Grid>
);
