import {
  AuthorizeResult,
  createPermission,
  Permission,
} from '@backstage/plugin-permission-common';
import {
  styrminBackupCreatePermission,
  styrminBackupDeletePermission,
  styrminBackupReadPermission,
  styrminBackupRestorePermission,
  styrminBackupScheduleUpdatePermission,
  styrminBslCreatePermission,
  styrminBslDeletePermission,
  styrminBslReadPermission,
  styrminBslUpdatePermission,
  styrminEnvironmentBackupCreatePermission,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentBackupReadPermission,
  styrminEnvironmentClonePermission,
  styrminEnvironmentRestorePermission,
  styrminPermissions,
} from '@styrmin/plugin-styrmin-common';
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

// The backup permissions as styrmin-common defines them (issues 13 and 14): read for every
// role; backups, in-place restores, schedules and environment backups for operators;
// backup storage locations, environment restores and clones for administrators.
describe('decideForRole on the backup permissions', () => {
  const backupTable: Array<[Permission, AuthorizeResult[]]> = [
    [styrminBackupReadPermission, [ALLOW, ALLOW, ALLOW, DENY]],
    [styrminBackupCreatePermission, [ALLOW, ALLOW, DENY, DENY]],
    [styrminBackupRestorePermission, [ALLOW, ALLOW, DENY, DENY]],
    [styrminBackupDeletePermission, [ALLOW, ALLOW, DENY, DENY]],
    [styrminBackupScheduleUpdatePermission, [ALLOW, ALLOW, DENY, DENY]],
    [styrminBslReadPermission, [ALLOW, ALLOW, ALLOW, DENY]],
    [styrminBslCreatePermission, [ALLOW, DENY, DENY, DENY]],
    [styrminBslUpdatePermission, [ALLOW, DENY, DENY, DENY]],
    [styrminBslDeletePermission, [ALLOW, DENY, DENY, DENY]],
    [styrminEnvironmentBackupReadPermission, [ALLOW, ALLOW, ALLOW, DENY]],
    [styrminEnvironmentBackupCreatePermission, [ALLOW, ALLOW, DENY, DENY]],
    [styrminEnvironmentBackupDeletePermission, [ALLOW, ALLOW, DENY, DENY]],
    [styrminEnvironmentRestorePermission, [ALLOW, DENY, DENY, DENY]],
    [styrminEnvironmentClonePermission, [ALLOW, DENY, DENY, DENY]],
  ];

  it('covers every backup permission that the backend registers', () => {
    expect(backupTable.map(([perm]) => perm.name).sort()).toEqual(
      styrminPermissions
        .map(perm => perm.name)
        .filter(name =>
          /^styrmin\.(backup|bsl|environmentbackup)\.|^styrmin\.environment\.(restore|clone)$/.test(
            name,
          ),
        )
        .sort(),
    );
  });

  describe.each(
    backupTable.map(([perm, expected]) => [perm.name, perm, expected] as const),
  )('%s', (_name, perm, expected) => {
    it.each(roles.map((role, i) => [role, expected[i]] as const))(
      '%s: %s',
      (role, result) => {
        expect(decideForRole(role, perm)).toBe(result);
      },
    );
  });
});
