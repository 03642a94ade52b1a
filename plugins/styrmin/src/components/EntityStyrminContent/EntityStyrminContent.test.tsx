import { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import { screen, within } from '@testing-library/react';
import { deployment } from '../../__testUtils__/deploymentFixtures';
import { renderPage } from '../../__testUtils__/renderPage';
import {
  EntityStyrminClusterContent,
  EntityStyrminDeploymentContent,
  EntityStyrminDeploymentTasksContent,
  EntityStyrminEnvironmentContent,
} from './EntityStyrminContent';
import {
  isStyrminClusterEntity,
  isStyrminDeploymentEntity,
  isStyrminEnvironmentEntity,
} from './isStyrminEntity';

/** A Resource (or another kind) as the catalog module publishes it. */
function resource(
  type: string,
  annotations: Record<string, string>,
  kind = 'Resource',
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind,
    metadata: { name: 'x', namespace: 'default', annotations },
    spec: { type, owner: 'group:default/team-a' },
  };
}

const clusterEntity = (id?: string) =>
  resource(
    'styrmin-cluster',
    id ? { 'styrmin.io/cluster-id': id } : {},
    'System',
  );

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

  it.each([
    ['c-local', 'local', /^Healthy, last contact/],
    ['c-edge', 'edge', /^Stale, last contact/],
    ['c-new', 'new', /^Never seen$/],
  ])(
    "shows the health of a cluster's agent (%s), linking to its Styrmin page",
    async (id, name, health) => {
      renderTab(clusterEntity(id), <EntityStyrminClusterContent />);

      expect(await screen.findByText(health)).toBeInTheDocument();
      expect(screen.getByText(`Agent of ${name}`)).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: `${name} in Styrmin` }),
      ).toHaveAttribute('href', `/styrmin/clusters/${name}`);
    },
  );

  it.each([
    ['a cluster Styrmin does not have', 'c-gone'],
    ['a cluster entity without the annotation', undefined],
  ])('names %s', async (_case, id) => {
    renderTab(clusterEntity(id), <EntityStyrminClusterContent />);

    expect(
      await screen.findByText('Not a Styrmin cluster'),
    ).toBeInTheDocument();
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
    expect(isStyrminClusterEntity(clusterEntity('c-local'))).toBe(true);
    expect(
      isStyrminClusterEntity({ ...clusterEntity('c-local'), kind: 'Resource' }),
    ).toBe(false);
    expect(isStyrminClusterEntity(devEntity)).toBe(false);
  });
});
