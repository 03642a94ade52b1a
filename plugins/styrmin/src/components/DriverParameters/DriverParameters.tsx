import { EmptyState, InfoCard } from '@backstage/core-components';
import Grid from '@material-ui/core/Grid';
import type { DriverVersion } from '@styrmin/sdk';
import { ParametersForm } from '../ParametersForm';
import { ParametersTable } from '../ParametersTable';

/** @public */
export interface DriverParametersProps {
  driverVersion: DriverVersion;
}

/**
 * The parameters of a driver version: as a table of their types and rules, and as the
 * form that asks for them when a deployment is created or configured.
 *
 * @public
 */
export const DriverParameters = ({ driverVersion }: DriverParametersProps) => {
  if (driverVersion.parameters.length === 0) {
    return (
      <EmptyState
        missing="field"
        title="No parameters"
        description="This driver version asks nothing of a deployment: its values template reads only the context."
      />
    );
  }
  return (
    <Grid container spacing={3}>
      <Grid item xs={12}>
        <ParametersTable
          title="Parameters"
          parameters={driverVersion.parameters}
        />
      </Grid>
      <Grid item xs={12} md={8} lg={6}>
        <InfoCard
          title="Form preview"
          subheader="The form that asks for these parameters, with their defaults. Read-only here; secrets are never shown."
        >
          <ParametersForm
            schema={driverVersion.parametersJsonSchema}
            readonly
          />
        </InfoCard>
      </Grid>
    </Grid>
  );
};
