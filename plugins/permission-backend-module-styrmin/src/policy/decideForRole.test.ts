import {
  AuthorizeResult,
  createPermission,
  Permission,
} from '@backstage/plugin-permission-common';
import { styrminPermissions } from '@styrmin/plugin-styrmin-common';
import { decideForRole } from './decideForRole';
import { StyrminRole } from './StyrminRole';

const { ALLOW, DENY } = AuthorizeResult;

/** The weakest role that holds a permission. */
type Holder = 'readOnly' | 'operator' | 'administrator';

/** Each role with the roles it includes: a stronger role holds what a weaker one does. */
const HOLDS: Record<StyrminRole, Holder[]> = {
  administrator: ['readOnly', 'operator', 'administrator'],
  operator: ['readOnly', 'operator'],
  readOnly: ['readOnly'],
  none: [],
};

/**
 * The rules, one row per Styrmin permission (every one that styrmin-common defines): the
 * weakest role that holds it. Everyone reads; operators change deployments and their
 * tasks, back up and restore a deployment in place, set its backup schedule and take or
 * delete environment backups and upgrade an environment's deployments (issues 13 and 14);
 * clusters, environments (their restores and clones included, which the documents reserve
 * to administrators), backup storage locations and drivers stay with administrators.
 */
const RULES: Record<string, Holder> = {
  'styrmin.driver.read': 'readOnly',
  'styrmin.driver.load': 'administrator',
  'styrmin.cluster.read': 'readOnly',
  'styrmin.cluster.create': 'administrator',
  'styrmin.cluster.update': 'administrator',
  'styrmin.environment.read': 'readOnly',
  'styrmin.environment.create': 'administrator',
  'styrmin.environment.update': 'administrator',
  'styrmin.environment.delete': 'administrator',
  'styrmin.environment.upgrade': 'operator',
  'styrmin.environment.restore': 'administrator',
  'styrmin.environment.clone': 'administrator',
  'styrmin.deployment.read': 'readOnly',
  'styrmin.deployment.create': 'operator',
  'styrmin.deployment.update': 'operator',
  'styrmin.deployment.delete': 'operator',
  'styrmin.backup.read': 'readOnly',
  'styrmin.backup.create': 'operator',
  'styrmin.backup.restore': 'operator',
  'styrmin.backup.delete': 'operator',
  'styrmin.backup.schedule': 'operator',
  'styrmin.bsl.read': 'readOnly',
  'styrmin.bsl.create': 'administrator',
  'styrmin.bsl.update': 'administrator',
  'styrmin.bsl.delete': 'administrator',
  'styrmin.environmentbackup.read': 'readOnly',
  'styrmin.environmentbackup.create': 'operator',
  'styrmin.environmentbackup.delete': 'operator',
};

/** Backstage's own permissions follow the same roles: read-only users read, the others use the portal. */
const BACKSTAGE_RULES: Array<[Permission, Holder]> = [
  [
    createPermission({
      name: 'catalog.entity.read',
      attributes: { action: 'read' },
    }),
    'readOnly',
  ],
  [
    createPermission({
      name: 'catalog.location.create',
      attributes: { action: 'create' },
    }),
    'operator',
  ],
  [
    createPermission({
      name: 'scaffolder.task.create',
      attributes: { action: 'create' },
    }),
    'operator',
  ],
  // An action without attributes.
  [
    createPermission({ name: 'scaffolder.action.execute', attributes: {} }),
    'operator',
  ],
];

const ROLES: StyrminRole[] = ['administrator', 'operator', 'readOnly', 'none'];

const expected = (role: StyrminRole, holder: Holder) =>
  HOLDS[role].includes(holder) ? ALLOW : DENY;

describe('decideForRole', () => {
  it('has a rule for every permission of styrmin-common, and none for a name it lacks', () => {
    expect(styrminPermissions.map(p => p.name).sort()).toEqual(
      Object.keys(RULES).sort(),
    );
  });

  describe.each(styrminPermissions.map(p => [p.name, p] as const))(
    '%s',
    (name, permission) => {
      it.each(ROLES)('%s', role => {
        expect(decideForRole(role, permission)).toBe(
          expected(role, RULES[name]),
        );
      });
    },
  );

  describe.each(BACKSTAGE_RULES.map(([p, holder]) => [p.name, p, holder]))(
    "Backstage's %s",
    (_name, permission, holder) => {
      it.each(ROLES)('%s', role => {
        expect(decideForRole(role, permission as Permission)).toBe(
          expected(role, holder as Holder),
        );
      });
    },
  );
});
