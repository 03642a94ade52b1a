import { styrminPermissions } from './styrminPermissions';

describe('styrminPermissions', () => {
  it('names every permission styrmin.<area>.<verb>, once', () => {
    const names = styrminPermissions.map(permission => permission.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^styrmin\.[a-z]+\.[a-z]+$/);
    }
  });

  it('lets policies tell reading from changing by the action attribute', () => {
    expect(
      Object.fromEntries(
        styrminPermissions.map(permission => [
          permission.name,
          permission.attributes.action,
        ]),
      ),
    ).toEqual({
      'styrmin.driver.read': 'read',
      'styrmin.driver.load': 'create',
      'styrmin.cluster.read': 'read',
      'styrmin.cluster.create': 'create',
      'styrmin.cluster.update': 'update',
      'styrmin.environment.read': 'read',
      'styrmin.environment.create': 'create',
      'styrmin.environment.update': 'update',
      'styrmin.environment.delete': 'delete',
      'styrmin.deployment.read': 'read',
      'styrmin.deployment.create': 'create',
      'styrmin.deployment.update': 'update',
      'styrmin.deployment.delete': 'delete',
      'styrmin.backup.read': 'read',
      'styrmin.backup.create': 'create',
      'styrmin.backup.restore': 'update',
      'styrmin.backup.delete': 'delete',
      'styrmin.backup.schedule': 'update',
      'styrmin.bsl.read': 'read',
      'styrmin.bsl.create': 'create',
      'styrmin.bsl.update': 'update',
      'styrmin.bsl.delete': 'delete',
      'styrmin.environmentbackup.read': 'read',
      'styrmin.environmentbackup.create': 'create',
      'styrmin.environmentbackup.delete': 'delete',
      'styrmin.environment.upgrade': 'update',
      'styrmin.environment.restore': 'update',
      'styrmin.environment.clone': 'create',
    });
  });
});
