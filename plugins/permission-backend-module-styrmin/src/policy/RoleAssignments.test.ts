import { ConfigReader } from '@backstage/config';
import { RoleAssignments } from './RoleAssignments';

const assignments = (roles: object) =>
  RoleAssignments.fromConfig(new ConfigReader({ styrmin: { roles } }));

describe('RoleAssignments', () => {
  const roles = assignments({
    administrators: ['group:default/platform', 'user:default/Root'],
    operators: ['group:default/team-a', 'user:default/ada'],
    readOnly: ['group:default/auditors', 'group:default/platform'],
  });

  it.each([
    [['user:default/ada'], 'operator'],
    [['user:default/bob', 'group:default/team-a'], 'operator'],
    [['user:default/carol', 'group:default/auditors'], 'readOnly'],
    // The strongest role wins, whatever order the lists come in.
    [
      ['user:default/dan', 'group:default/auditors', 'group:default/platform'],
      'administrator',
    ],
    [
      ['user:default/eve', 'group:default/team-a', 'group:default/platform'],
      'administrator',
    ],
    // Entity references compare case-insensitively.
    [['user:default/root'], 'administrator'],
    [['User:Default/ADA'], 'operator'],
    // Listed nowhere: the default role.
    [['user:default/frank'], 'readOnly'],
    [[], 'readOnly'],
  ])('%j holds %s', (ownership, role) => {
    expect(roles.roleOf(ownership)).toBe(role);
  });

  it('refuses everyone listed nowhere when the default is none', () => {
    const strict = assignments({
      operators: ['user:default/ada'],
      default: 'none',
    });
    expect(strict.roleOf(['user:default/frank'])).toBe('none');
    expect(strict.roleOf(['user:default/ada'])).toBe('operator');
  });

  it('reads an absent configuration as everyone read-only', () => {
    expect(
      RoleAssignments.fromConfig(new ConfigReader({})).roleOf([
        'user:default/x',
      ]),
    ).toBe('readOnly');
  });

  it.each([
    [
      { administrators: ['component:default/x'] },
      /roles go to users and groups/,
    ],
    [
      { operators: ['user:'] },
      /styrmin.roles.operators holds an invalid entity reference/,
    ],
    [
      { operators: ['ada'] },
      /styrmin.roles.operators holds an invalid entity reference/,
    ],
    [{ default: 'administrator' }, /must be readOnly or none/],
  ])('refuses %j at start-up', (config, message) => {
    expect(() => assignments(config)).toThrow(message);
  });
});
