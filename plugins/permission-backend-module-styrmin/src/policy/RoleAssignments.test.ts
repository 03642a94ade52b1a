import { ConfigReader } from '@backstage/config';
import { styrminEnvironmentConditions } from '@styrmin/plugin-styrmin-common';
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

  describe('operators of some environments', () => {
    const grants = assignments({
      operators: [
        'user:default/ada',
        { group: 'group:default/team-a', environments: ['dev', 'test'] },
        { user: 'user:default/bob', ownedEnvironments: true },
        {
          group: 'group:default/team-b',
          environments: ['qa'],
          ownedEnvironments: true,
        },
      ],
      default: 'none',
    });

    it('gives each grant its conditions, and no role everywhere', () => {
      const carol = ['user:default/carol', 'group:default/team-a'];
      expect(grants.roleOf(carol)).toBe('none');
      expect(grants.environmentGrantsOf(carol)).toEqual([
        styrminEnvironmentConditions.isEnvironment({ names: ['dev', 'test'] }),
      ]);
      expect(grants.environmentGrantsOf(['User:Default/Bob'])).toEqual([
        styrminEnvironmentConditions.isOwnedByUsersGroup({
          claims: ['User:Default/Bob'],
        }),
      ]);
      const dan = ['user:default/dan', 'group:default/team-b'];
      expect(grants.environmentGrantsOf(dan)).toEqual([
        {
          anyOf: [
            styrminEnvironmentConditions.isEnvironment({ names: ['qa'] }),
            styrminEnvironmentConditions.isOwnedByUsersGroup({ claims: dan }),
          ],
        },
      ]);
      expect(grants.environmentGrantsOf(['user:default/ada'])).toEqual([]);
      expect(grants.roleOf(['user:default/ada'])).toBe('operator');
    });

    it.each([
      [{ group: 'group:default/a' }, /grants no environment/],
      [
        {
          group: 'group:default/a',
          user: 'user:default/b',
          environments: ['dev'],
        },
        /must name one group or one user/,
      ],
      [{ environments: ['dev'] }, /must name one group or one user/],
      [
        { group: 'component:default/a', environments: ['dev'] },
        /roles go to users and groups/,
      ],
    ])('refuses the grant %j at start-up', (grant, message) => {
      expect(() => assignments({ operators: [grant] })).toThrow(message);
    });

    it('grants per environment to operators only', () => {
      expect(() =>
        assignments({
          administrators: [{ group: 'group:default/a', environments: ['dev'] }],
        }),
      ).toThrow(/only operators are granted per environment/);
    });
  });
});
