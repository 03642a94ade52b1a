import {
  renderInTestApp,
  TestApiProvider,
} from '@backstage/frontend-test-utils';
import { SecretsContextProvider } from '@backstage/plugin-scaffolder-react';
import { screen } from '@testing-library/react';
import { StyrminApiError } from '@styrmin/sdk';
import type { DeploymentChangeResult } from '@styrmin/sdk';
import { styrminApiRef } from '../api';
import { mockStyrminApi } from '../__testUtils__/fixtures';
import { devEnvironment } from '../__testUtils__/recordFixtures';
import { DeploymentReviewField } from './DeploymentReviewField';

const dryRun = {
  changed: true,
  deployment: {},
  instance: null,
  task: null,
  diff: [],
  plannedSteps: ['Apply the StyrminDeployment resource'],
  plannedActions: [],
  droppedParameters: [],
  carriedOverParameters: [],
  siblings: [],
} as unknown as DeploymentChangeResult;

async function renderReview(api: ReturnType<typeof mockStyrminApi>) {
  const props = {
    formContext: {
      formData: {
        deploymentEnvironment: 'resource:default/dev',
        deploymentName: 'infrahub-2',
        appVersion: '1.6.1',
        log_level: 'DEBUG',
      },
    },
    uiSchema: {
      'ui:options': {
        driver: 'infrahub',
        driverVersion: '1.1.0',
        parameters: ['log_level', 'admin_password'],
        secrets: ['admin_password'],
      },
    },
  } as any;
  await renderInTestApp(
    <TestApiProvider apis={[[styrminApiRef, api]]}>
      <SecretsContextProvider
        initialSecrets={{ admin_password: 'hunter2hunter2' }}
      >
        <DeploymentReviewField {...props} />
      </SecretsContextProvider>
    </TestApiProvider>,
  );
}

describe('DeploymentReviewField', () => {
  it("shows the dry run of the form's deployment, secrets from the task's secrets", async () => {
    const api = mockStyrminApi({ createDeployment: async () => dryRun });
    await renderReview(api);
    expect(
      await screen.findByText('1. Apply the StyrminDeployment resource'),
    ).toBeInTheDocument();
    expect(api.createDeployment).toHaveBeenCalledWith({
      environment: devEnvironment.id,
      name: 'infrahub-2',
      driver: 'infrahub',
      driverVersion: '1.1.0',
      configuration: {
        app_version: '1.6.1',
        parameters: { log_level: 'DEBUG', admin_password: 'hunter2hunter2' },
      },
      dryRun: true,
    });
  });

  it('says what the server would refuse', async () => {
    await renderReview(
      mockStyrminApi({
        createDeployment: async () => {
          throw new StyrminApiError({
            code: 'VALIDATION_FAILED',
            message: 'Must be at least 12 characters long',
          });
        },
      }),
    );
    expect(
      await screen.findByText(/Styrmin would refuse this deployment/),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText(
        /\[VALIDATION_FAILED\] Must be at least 12 characters/,
      ).length,
    ).toBeGreaterThan(0);
  });
});
