import { createTestDatabases } from '../../__testUtils__/databases';
import { setUpDeploymentInState } from '../../__testUtils__/deploymentInState';

jest.setTimeout(120_000);

const TASKS_BY_ID_PREFIX = /* GraphQL */ `
  query TasksByIdPrefix($prefix: String!, $first: Int) {
    tasksByIdPrefix(prefix: $prefix, first: $first) {
      id
      type
    }
  }
`;

/*
 * tasksByIdPrefix over GraphQL on every database: what the start of an id names, among
 * tasks with random ids (so every expectation is made from the ids themselves).
 */
describe('tasksByIdPrefix', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('answers the tasks whose ids start with the prefix, oldest first, in any case', async () => {
      const { api, id, knex } = await setUpDeploymentInState({
        databases,
        databaseId,
        state: 'RUNNING',
      });
      for (let i = 0; i < 6; i++) {
        const ran = await api.execute(
          /* GraphQL */ `
            mutation RunJob($input: RunJobInput!) {
              runJob(input: $input) {
                task {
                  id
                }
              }
            }
          `,
          { input: { id, component: 'server', command: ['true'] } },
        );
        expect(ran.errors).toBeUndefined();
      }
      const ids: string[] = await knex('styrmin_tasks')
        .orderBy('sequence')
        .pluck('id');
      expect(ids).toHaveLength(7);
      const lookUp = async (prefix: string, first?: number) => {
        const answer = await api.execute(TASKS_BY_ID_PREFIX, {
          prefix,
          ...(first && { first }),
        });
        expect(answer.errors).toBeUndefined();
        return answer.data.tasksByIdPrefix.map((t: { id: string }) => t.id);
      };

      // Each hex digit: none, one or several of the tasks, in the order they were made.
      for (const digit of '0123456789abcdef') {
        expect(await lookUp(digit)).toEqual(
          ids.filter(taskId => taskId.startsWith(digit)),
        );
      }
      const [first] = ids;
      expect(await lookUp(first.slice(0, 13))).toEqual([first]);
      expect(await lookUp(first.slice(0, 9).toUpperCase())).toEqual([first]);
      expect(await lookUp(first)).toEqual([first]);
      expect(await lookUp(`${first.slice(0, 8)}`, 1)).toEqual([first]);
    });

    it('refuses what no id can start with, and a page size out of bounds', async () => {
      const { api } = await setUpDeploymentInState({
        databases,
        databaseId,
        state: 'RUNNING',
      });
      for (const [prefix, first] of [
        ['zz', 10],
        ['3f2a1b0c4', 10],
        [`${'a'.repeat(8)}-${'b'.repeat(4)}-`.padEnd(37, 'c'), 10],
        ['', 10],
        ['3f', 0],
      ] as const) {
        const answer = await api.execute(TASKS_BY_ID_PREFIX, { prefix, first });
        expect(answer.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      }
    });
  });
});
