import {
  AuthorizeResult,
  createPermission,
} from '@backstage/plugin-permission-common';
import { decideForRole } from './decideForRole';
import { StyrminRole } from './StyrminRole';

const permission = (
  name: string,
  action?: 'read' | 'create' | 'update' | 'delete',
) => createPermission({ name, attributes: action ? { action } : {} });

const { ALLOW, DENY } = AuthorizeResult;

// Columns: administrator, operator, readOnly, none.
const table: Array<[string, ReturnType<typeof permission>, AuthorizeResult[]]> =
  [
    [
      'read a driver',
      permission('styrmin.driver.read', 'read'),
      [ALLOW, ALLOW, ALLOW, DENY],
    ],
    [
      'load a driver',
      permission('styrmin.driver.load', 'create'),
      [ALLOW, DENY, DENY, DENY],
    ],
    [
      'update a cluster',
      permission('styrmin.cluster.update', 'update'),
      [ALLOW, DENY, DENY, DENY],
    ],
    [
      'delete an environment',
      permission('styrmin.environment.delete', 'delete'),
      [ALLOW, DENY, DENY, DENY],
    ],
    [
      'restore an environment',
      permission('styrmin.environment.restore', 'update'),
      [ALLOW, DENY, DENY, DENY],
    ],
    [
      'create a deployment',
      permission('styrmin.deployment.create', 'create'),
      [ALLOW, ALLOW, DENY, DENY],
    ],
    [
      'upgrade a deployment',
      permission('styrmin.deployment.upgrade', 'update'),
      [ALLOW, ALLOW, DENY, DENY],
    ],
    [
      'stop components',
      permission('styrmin.deployment.stop'),
      [ALLOW, ALLOW, DENY, DENY],
    ],
    [
      'back up a deployment',
      permission('styrmin.backup.create', 'create'),
      [ALLOW, ALLOW, DENY, DENY],
    ],
    [
      'read a failed output tail',
      permission('styrmin.task.read', 'read'),
      [ALLOW, ALLOW, ALLOW, DENY],
    ],
    [
      'read the catalog',
      permission('catalog.entity.read', 'read'),
      [ALLOW, ALLOW, ALLOW, DENY],
    ],
    [
      'register a location',
      permission('catalog.location.create', 'create'),
      [ALLOW, ALLOW, DENY, DENY],
    ],
    [
      'run a software template',
      permission('scaffolder.task.create', 'create'),
      [ALLOW, ALLOW, DENY, DENY],
    ],
    [
      'an action without attributes',
      permission('scaffolder.action.execute'),
      [ALLOW, ALLOW, DENY, DENY],
    ],
  ];

const roles: StyrminRole[] = ['administrator', 'operator', 'readOnly', 'none'];

describe('decideForRole', () => {
  describe.each(table)('%s', (_what, perm, expected) => {
    it.each(roles.map((role, i) => [role, expected[i]] as const))(
      '%s: %s',
      (role, result) => {
        expect(decideForRole(role, perm)).toBe(result);
      },
    );
  });
});
