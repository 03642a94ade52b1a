import Grid from '@material-ui/core/Grid';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import { DeploymentState } from '@styrmin/plugin-styrmin-common';
import type { EnvironmentWithDeployments } from '@styrmin/sdk';
import { useSearchParams } from 'react-router-dom';
import {
  DeploymentFilterValues,
  FILTER_PARAMETERS,
  readDeploymentFilters,
} from './deploymentFilters';

/** @public */
export interface DeploymentFiltersProps {
  /** The environments to choose from, and whose deployments name the drivers. */
  environments: EnvironmentWithDeployments[];
}

/** The filters of the page's address, and a way to change one. */
export function useDeploymentFilters() {
  const [params, setParams] = useSearchParams();
  const setFilter = (name: keyof DeploymentFilterValues, value: string) => {
    const next = new URLSearchParams(params);
    if (value) {
      next.set(FILTER_PARAMETERS[name], value);
    } else {
      next.delete(FILTER_PARAMETERS[name]);
    }
    // A filter is a view of the same page: typing must not fill the history.
    setParams(next, { replace: true });
  };
  return { filters: readDeploymentFilters(params), setFilter };
}

const ALL = '';

/**
 * The filters of the home page's deployments (environment, state, driver) and the search
 * by name, kept in the address's query so that a view can be shared.
 *
 * @public
 */
export const DeploymentFilters = ({ environments }: DeploymentFiltersProps) => {
  const { filters, setFilter } = useDeploymentFilters();
  const drivers = [
    ...new Set(
      environments.flatMap(e => e.deployments.map(d => d.driverVersion.name)),
    ),
  ].sort();
  const select = (
    name: 'environment' | 'state' | 'driver',
    label: string,
    values: readonly string[],
  ) => (
    <Grid item xs={12} sm={6} md={3}>
      <TextField
        select
        fullWidth
        variant="outlined"
        size="small"
        id={`styrmin-filter-${name}`}
        label={label}
        value={filters[name] ?? ALL}
        onChange={event => setFilter(name, event.target.value)}
      >
        <MenuItem value={ALL}>All</MenuItem>
        {values.map(value => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      <Grid item xs={12} sm={6} md={3}>
        <TextField
          fullWidth
          variant="outlined"
          size="small"
          type="search"
          id="styrmin-filter-search"
          label="Search by name"
          value={filters.search ?? ''}
          onChange={event => setFilter('search', event.target.value)}
        />
      </Grid>
      {select(
        'environment',
        'Environment',
        environments.map(e => e.name),
      )}
      {select('state', 'State', DeploymentState.values)}
      {select('driver', 'Driver', drivers)}
    </Grid>
  );
};
