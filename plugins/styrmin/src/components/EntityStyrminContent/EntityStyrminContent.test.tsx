import { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import { screen, within } from '@testing-library/react';
import { deployment } from '../../__testUtils__/deploymentFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import {
  EntityStyrminDeploymentContent,
  EntityStyrminDeploymentTasksContent,
  EntityStyrminEnvironmentContent,
} from './EntityStyrminContent';
import {
  isStyrminDeploymentEntity,
  isStyrminEnvironmentEntity,
} from './isStyrminEntity';

/** A Resource as the catalog module publishes it. */
function resource(type: string, annotations: Record<string, string>): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: { name: 'x', namespace: 'default', annotations },
    spec: { type, owner: 'group:default/team-a' },
  };
}

const devEntity = resource('styrmin-environment', {
  'styrmin.io/environment-id': 'e-dev',
});
const deploymentEntity = resource('styrmin-deployment', {
  'styrmin.io/deployment-id': deployment.id,
});

function renderTab(entity: Entity, tab: JSX.Element) {
  return renderPage(<EntityProvider entity={entity}>{tab}</EntityProvider>);
}

describe('the entity tabs', () => {
  it("lists an environment's deployments, each linking to its Styrmin page", async () => {
    renderTab(devEntity, <EntityStyrminEnvironmentContent />);

    const table = within(
      await screen.findByRole('table', { name: 'Deployments of dev' }),
    );
    const infrahub = table.getByRole('link', { name: 'infrahub' });
    expect(infrahub).toHaveAttribute(
      'href',
      '/styrmin/deployments/d-infrahub-dev',
    );
    expect(table.getByRole('link', { name: 'semaphore' })).toHaveAttribute(
      'href',
      '/styrmin/deployments/d-semaphore-dev',
    );
    expect(table.getByText('RUNNING')).toBeInTheDocument();
    expect(table.getByText('semaphore 1.0.0')).toBeInTheDocument();
  });

  it('says so when the environment has no deployments', async () => {
    renderTab(
      resource('styrmin-environment', {
        'styrmin.io/environment-id': 'e-edge',
      }),
      <EntityStyrminEnvironmentContent />,
    );

    expect(
      await screen.findByText('No deployments in edge-lab yet'),
    ).toBeInTheDocument();
  });

  it.each([
    ['an environment Styrmin does not have', 'e-gone'],
    ['an entity without the annotation', undefined],
  ])('names %s', async (_case, id) => {
    renderTab(
      resource(
        'styrmin-environment',
        id ? { 'styrmin.io/environment-id': id } : {},
      ),
      <EntityStyrminEnvironmentContent />,
    );

    expect(
      await screen.findByText('Not a Styrmin environment'),
    ).toBeInTheDocument();
  });

  it("shows a deployment's overview and its tasks, by the id it carries", async () => {
    const api = renderTab(
      deploymentEntity,
      <>
        <EntityStyrminDeploymentContent />
        <EntityStyrminDeploymentTasksContent />
      </>,
    );

    expect(
      await screen.findByRole('list', { name: 'Tasks, newest first' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Components')).toBeInTheDocument();
    expect(api.getDeploymentObservedState).toHaveBeenCalledWith(deployment.id);
    expect(api.getDeploymentTasks).toHaveBeenCalledWith(
      expect.objectContaining({ id: deployment.id }),
    );
  });

  it('shows on the Resources of its type only', () => {
    const component = { ...devEntity, kind: 'Component' };
    expect(isStyrminEnvironmentEntity(devEntity)).toBe(true);
    expect(isStyrminEnvironmentEntity(deploymentEntity)).toBe(false);
    expect(isStyrminEnvironmentEntity(component)).toBe(false);
    expect(isStyrminDeploymentEntity(deploymentEntity)).toBe(true);
    expect(isStyrminDeploymentEntity(devEntity)).toBe(false);
    expect(
      isStyrminDeploymentEntity({ ...deploymentEntity, kind: 'System' }),
    ).toBe(false);
  });
});
