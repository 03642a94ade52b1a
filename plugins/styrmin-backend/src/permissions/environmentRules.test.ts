import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import {
  AuthorizeResult,
  createPermission,
  PolicyDecision,
} from '@backstage/plugin-permission-common';
import { createConditionExports } from '@backstage/plugin-permission-node';
import {
  createStyrminEnvironmentConditionalDecision,
  STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
  styrminEnvironmentConditions,
} from '@styrmin/plugin-styrmin-common';
import { createCoreStores, TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import { Environment } from '../environments/EnvironmentStore';
import { ENVIRONMENTS_TABLE } from '../environments/tables';
import { EnvironmentAccess } from './EnvironmentAccess';
import { whereEnvironmentMeets } from './environmentCriteria';
import { EnvironmentOwners } from './EnvironmentOwners';
import {
  createEnvironmentRules,
  styrminEnvironmentResourceRef,
} from './environmentRules';

jest.setTimeout(60_000);

const owners = EnvironmentOwners.fromConfig(
  new ConfigReader({
    catalog: {
      providers: {
        styrmin: {
          defaultOwner: 'platform',
          environmentOwners: {
            dev: 'team-a',
            test: 'group:default/Team-A',
            prod: 'team-b',
          },
        },
      },
    },
  }),
);
const rules = createEnvironmentRules(owners);
const { isEnvironment, isOwnedByUsersGroup } = styrminEnvironmentConditions;
const update = createPermission({
  name: 'styrmin.deployment.update',
  attributes: { action: 'update' },
  resourceType: STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
});
const read = createPermission({
  name: 'styrmin.deployment.read',
  attributes: { action: 'read' },
  resourceType: STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
});
const env = (name: string, id = `id-${name}`) => ({ id, name } as Environment);

describe('the styrmin-environment rules', () => {
  it('make the conditions styrmin-common exports for policy authors', () => {
    const exported = createConditionExports({
      resourceRef: styrminEnvironmentResourceRef,
      rules,
    });
    expect(exported.conditions.isEnvironment({ names: ['dev'] })).toEqual(
      isEnvironment({ names: ['dev'] }),
    );
    expect(exported.conditions.isOwnedByUsersGroup({ claims: ['x'] })).toEqual(
      isOwnedByUsersGroup({ claims: ['x'] }),
    );
  });

  it.each([
    [{ ids: ['id-dev'] }, 'dev', true],
    [{ names: ['dev', 'test'] }, 'test', true],
    [{ names: ['dev'] }, 'Dev', false],
    [{}, 'dev', false],
  ])('isEnvironment %j of %s: %s', (params, name, expected) => {
    expect(rules.isEnvironment.apply(env(name), params)).toBe(expected);
  });

  it.each([
    [['user:default/ada', 'group:default/team-a'], 'dev', true],
    // Owners compare case-insensitively, a bare name being a group.
    [['group:default/TEAM-A'], 'test', true],
    [['group:default/team-a'], 'prod', false],
    // Listed nowhere: the default owner's.
    [['group:default/platform'], 'staging', true],
    [['group:default/team-a'], 'staging', false],
    [[], 'dev', false],
  ])('isOwnedByUsersGroup %j of %s: %s', (claims, name, expected) => {
    expect(rules.isOwnedByUsersGroup.apply(env(name), { claims })).toBe(
      expected,
    );
  });

  it('refuses a malformed owner at start-up', () => {
    expect(() =>
      EnvironmentOwners.fromConfig(
        new ConfigReader({
          catalog: {
            providers: { styrmin: { environmentOwners: { dev: 'user:' } } },
          },
        }),
      ),
    ).toThrow(/Invalid environmentOwners.dev in catalog.providers.styrmin/);
  });
});

describe('EnvironmentAccess', () => {
  const access = (decide: (name: string) => object) => {
    const permissions = mockServices.permissions.mock({
      authorizeConditional: async requests =>
        requests.map(r => decide(r.permission.name)) as any,
    });
    const environments = new Map([env('dev'), env('prod')].map(e => [e.id, e]));
    return {
      permissions,
      access: EnvironmentAccess.create({
        permissions,
        credentials: mockCredentials.user('user:default/ada'),
        rules,
        loadEnvironment: async id => environments.get(id),
      }),
    };
  };
  const operatorOfDev = (name: string) =>
    name === update.name || name === read.name
      ? createStyrminEnvironmentConditionalDecision(
          update,
          isEnvironment({ names: ['dev'] }),
        )
      : { result: AuthorizeResult.DENY };

  it('applies a conditional decision to each environment', async () => {
    const { access: dev } = access(operatorOfDev);
    expect(await dev.allowsIn(update, 'id-dev')).toBe(true);
    expect(await dev.allowsIn(update, 'id-prod')).toBe(false);
    expect(await dev.allowsIn(update, 'id-unknown')).toBe(false);
    expect(await dev.criteria(update)).toEqual({ ids: [], names: ['dev'] });
  });

  it('answers ALLOW and DENY for every environment', async () => {
    const { access: all } = access(() => ({ result: AuthorizeResult.ALLOW }));
    expect(await all.allowsIn(update, 'id-prod')).toBe(true);
    expect(await all.criteria(update)).toBeUndefined();
    const { access: none } = access(() => ({ result: AuthorizeResult.DENY }));
    expect(await none.allowsIn(update, 'id-dev')).toBe(false);
    expect(await none.criteria(update)).toEqual({ ids: [], names: [] });
  });

  it('refuses a change FORBIDDEN where the caller reads, NOT_FOUND where they do not', async () => {
    const readsEverywhere = (name: string) =>
      name === read.name
        ? { result: AuthorizeResult.ALLOW }
        : operatorOfDev(name);
    const { access: reader } = access(readsEverywhere);
    const change = (a: EnvironmentAccess, id: string) =>
      a.require({
        permission: update,
        visible: read,
        environmentId: id,
        what: 'deployment x',
      });
    await expect(change(reader, 'id-dev')).resolves.toBeUndefined();
    await expect(change(reader, 'id-prod')).rejects.toThrow(NotAllowedError);
    await expect(change(reader, 'id-prod')).rejects.toThrow(
      'This needs the permission styrmin.deployment.update in the environment prod',
    );
    const { access: devOnly } = access(operatorOfDev);
    await expect(change(devOnly, 'id-prod')).rejects.toThrow(NotFoundError);
  });
});

describe('the environment criteria as a database filter', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('lists exactly the environments the conditions allow', async () => {
      const { knex, clusters, environments } = await createCoreStores({
        databases,
        databaseId,
      });
      const { cluster } = await clusters.registerCluster({
        name: 'local',
        settings: {},
        createdBy: TEST_USER,
      });
      const created: Record<string, Environment> = {};
      for (const name of ['dev', 'test', 'prod', 'staging']) {
        created[name] = await environments.createEnvironment({
          name,
          clusterId: cluster.id,
          overrides: {},
          createdBy: TEST_USER,
        });
      }
      const namesFor = async (decision: PolicyDecision) => {
        const access = EnvironmentAccess.create({
          permissions: mockServices.permissions.mock({
            authorizeConditional: async () => [decision],
          }),
          credentials: mockCredentials.user('user:default/ada'),
          rules,
          loadEnvironment: async () => undefined,
        });
        const criteria = await access.criteria(update);
        let query = knex(ENVIRONMENTS_TABLE).select('name').orderBy('name');
        if (criteria) {
          query = whereEnvironmentMeets(query, 'id', criteria);
        }
        return (await query).map((row: { name: string }) => row.name);
      };
      const operatorDecision = (
        conditions: Parameters<
          typeof createStyrminEnvironmentConditionalDecision
        >[1],
      ) => createStyrminEnvironmentConditionalDecision(update, conditions);

      expect(
        await namesFor(
          operatorDecision(
            isEnvironment({ names: ['dev'], ids: [created.prod.id] }),
          ),
        ),
      ).toEqual(['dev', 'prod']);
      expect(
        await namesFor(
          operatorDecision(
            isOwnedByUsersGroup({ claims: ['group:default/team-a'] }),
          ),
        ),
      ).toEqual(['dev', 'test']);
      // The default owner owns every environment that is not named for another.
      expect(
        await namesFor(
          operatorDecision(
            isOwnedByUsersGroup({
              claims: ['group:default/platform', 'group:default/team-b'],
            }),
          ),
        ),
      ).toEqual(['prod', 'staging']);
      expect(
        await namesFor(
          operatorDecision({
            allOf: [
              isOwnedByUsersGroup({ claims: ['group:default/team-a'] }),
              { not: isEnvironment({ names: ['test'] }) },
            ],
          }),
        ),
      ).toEqual(['dev']);
      expect(
        await namesFor(
          operatorDecision({
            anyOf: [
              isEnvironment({ names: ['staging'] }),
              isEnvironment({ ids: [created.test.id] }),
            ],
          }),
        ),
      ).toEqual(['staging', 'test']);
      expect(await namesFor({ result: AuthorizeResult.DENY })).toEqual([]);
      expect(await namesFor({ result: AuthorizeResult.ALLOW })).toEqual([
        'dev',
        'prod',
        'staging',
        'test',
      ]);
    });
  });
});
