import { TestDatabaseId, TestDatabases } from '@backstage/backend-test-utils';
import { createTestDatabases } from './databases';

describe('createTestDatabases', () => {
  const requirePostgres = process.env.STYRMIN_REQUIRE_POSTGRES;

  afterEach(() => {
    jest.restoreAllMocks();
    if (requirePostgres === undefined) {
      delete process.env.STYRMIN_REQUIRE_POSTGRES;
    } else {
      process.env.STYRMIN_REQUIRE_POSTGRES = requirePostgres;
    }
  });

  function givenSupportedIds(ids: TestDatabaseId[]) {
    jest.spyOn(TestDatabases, 'create').mockReturnValue({
      eachSupportedId: () => ids.map(id => [id]),
    } as Partial<TestDatabases> as TestDatabases);
  }

  it('fails without PostgreSQL when STYRMIN_REQUIRE_POSTGRES=1', () => {
    process.env.STYRMIN_REQUIRE_POSTGRES = '1';
    givenSupportedIds(['SQLITE_3']);
    expect(() => createTestDatabases()).toThrow(/STYRMIN_REQUIRE_POSTGRES=1/);
  });

  it('runs with PostgreSQL when STYRMIN_REQUIRE_POSTGRES=1', () => {
    process.env.STYRMIN_REQUIRE_POSTGRES = '1';
    givenSupportedIds(['POSTGRES_15', 'SQLITE_3']);
    expect(createTestDatabases().eachSupportedId()).toEqual([
      ['POSTGRES_15'],
      ['SQLITE_3'],
    ]);
  });

  it('runs on SQLite alone when PostgreSQL is not required', () => {
    delete process.env.STYRMIN_REQUIRE_POSTGRES;
    givenSupportedIds(['SQLITE_3']);
    expect(createTestDatabases().eachSupportedId()).toEqual([['SQLITE_3']]);
  });
});
