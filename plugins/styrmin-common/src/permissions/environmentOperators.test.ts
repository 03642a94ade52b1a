import {
  AuthorizeResult,
  createPermission,
} from '@backstage/plugin-permission-common';
import { decideForEnvironmentOperator } from './environmentOperators';
import {
  STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
  styrminEnvironmentConditions,
} from './styrminEnvironmentResource';

const inEnvironments = (name: string, action: 'read' | 'update' = 'update') =>
  createPermission({
    name,
    attributes: { action },
    resourceType: STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
  });
const dev = styrminEnvironmentConditions.isEnvironment({ names: ['dev'] });
const owned = styrminEnvironmentConditions.isOwnedByUsersGroup({
  claims: ['group:default/team-a'],
});

describe('decideForEnvironmentOperator', () => {
  it('grants an operator permission in the grants’ environments only', () => {
    expect(
      decideForEnvironmentOperator({
        role: 'readOnly',
        grants: [dev],
        permission: inEnvironments('styrmin.deployment.update'),
      }),
    ).toEqual({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'styrmin',
      resourceType: STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
      conditions: dev,
    });
    expect(
      decideForEnvironmentOperator({
        role: 'none',
        grants: [dev, owned],
        permission: inEnvironments('styrmin.deployment.read', 'read'),
      }),
    ).toEqual(expect.objectContaining({ conditions: { anyOf: [dev, owned] } }));
  });

  it('keeps what the role everywhere allows, and what operators lack', () => {
    expect(
      decideForEnvironmentOperator({
        role: 'readOnly',
        grants: [dev],
        permission: inEnvironments('styrmin.deployment.read', 'read'),
      }),
    ).toEqual({ result: AuthorizeResult.ALLOW });
    expect(
      decideForEnvironmentOperator({
        role: 'readOnly',
        grants: [dev],
        permission: inEnvironments('styrmin.environment.delete'),
      }),
    ).toEqual({ result: AuthorizeResult.DENY });
    expect(
      decideForEnvironmentOperator({
        role: 'none',
        grants: [],
        permission: inEnvironments('styrmin.deployment.update'),
      }),
    ).toEqual({ result: AuthorizeResult.DENY });
  });

  it('lets an operator of some environments read the rest of Styrmin, change none of it', () => {
    const basic = (name: string, action: 'read' | 'create') =>
      decideForEnvironmentOperator({
        role: 'none',
        grants: [dev],
        permission: createPermission({ name, attributes: { action } }),
      });
    expect(basic('styrmin.driver.read', 'read')).toEqual({
      result: AuthorizeResult.ALLOW,
    });
    expect(basic('styrmin.cluster.create', 'create')).toEqual({
      result: AuthorizeResult.DENY,
    });
  });
});
