import { TestDatabaseId, TestDatabases } from '@backstage/backend-test-utils';
import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { TEST_USER } from '../../__testUtils__/coreStores';
import {
  rowCounts,
  setupReconciliation,
} from '../../__testUtils__/reconciliation';
import { BACKUPS_TABLE, RESTORES_TABLE } from '../../backups/tables';
import { ENVIRONMENT_BACKUPS_TABLE } from '../tables';

/**
 * Two infrahubs in `dev` (`infrahub`, `infrahub-2`), RUNNING with their create tasks
 * ended, `dev` backing up to the configured location `minio`; the environment backups on
 * the same records, and `endRuns` to end every open run of the cluster's pool as an agent
 * would. The environment backups are `environmentBackupService`.
 */
export async function setupEnvironmentBackups(options: {
  databases: TestDatabases;
  databaseId: TestDatabaseId;
}) {
  const setup = await setupReconciliation(options);
  const { backupStorageLocations, environments, dev, flowRuns } = setup;
  await backupStorageLocations.createBackupStorageLocation({
    name: 'minio',
    store: {
      provider: 'S3',
      bucket: 'velero',
      pathStyle: true,
      credentials: { secretName: 'cloud-credentials', key: 'cloud' },
    },
    createdBy: TEST_USER,
  });
  await environments.updateEnvironment({
    id: dev.id,
    expectedVersion: dev.version,
    overrides: {},
    backupStorageLocation: 'minio',
    updatedBy: TEST_USER,
  });
  const endRuns = async (state: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED') => {
    for (;;) {
      const run = await flowRuns.claim({
        pool: setup.cluster.workPool,
        owner: 'test-agent',
        leaseSeconds: 30,
      });
      if (!run) {
        return;
      }
      await flowRuns.complete({
        lease: { flowRunId: run.id, owner: 'test-agent', attempt: 1 },
        state,
        reason: state === 'FAILED' ? 'it failed' : undefined,
      });
    }
  };
  const running = async (name: string) => {
    const { deployment } = await setup.createInfrahub(dev.id, name);
    await endRuns();
    await setup.deployments.setState({ id: deployment.id, state: 'RUNNING' });
    return deployment;
  };
  const infrahub = await running('infrahub');
  const infrahub2 = await running('infrahub-2');
  /** Records what the agent reports of a constituent's Velero Backup. */
  const report = (backupId: string, phase: 'Completed' | 'Failed') =>
    setup.backups.recordBackupStatus({
      id: backupId,
      observedAt: setup.clock.now(),
      status: { phase, errorCount: 0, warningCount: 0 },
    });
  return {
    ...setup,
    infrahub,
    infrahub2,
    endRuns,
    running,
    report,
  };
}

/** Every row an environment operation may write: the core records', the backups' and its own. */
async function allRowCounts(knex: Knex) {
  const counts = await rowCounts(knex);
  for (const table of [
    BACKUPS_TABLE,
    RESTORES_TABLE,
    ENVIRONMENT_BACKUPS_TABLE,
  ]) {
    const [{ n }] = await knex(table).count({ n: '*' });
    counts[table] = Number(n);
  }
  return counts;
}

/** Runs `operation`, checks the code it is refused with, its words, and that it wrote nothing. */
export async function expectRefusedWritingNothing(
  knex: Knex,
  code: StyrminErrorCode,
  operation: () => Promise<unknown>,
  words: RegExp,
) {
  const before = await allRowCounts(knex);
  const error = await operation().then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect(codeOf(error!)).toBe(code);
  expect(error!.message).toMatch(words);
  await expect(allRowCounts(knex)).resolves.toEqual(before);
}

/** The API code of an error: a StyrminError's own, else the one its Backstage class maps to. */
function codeOf(error: Error): string {
  const coded = error as Error & { code?: string };
  return (
    coded.code ??
    (
      {
        NotFoundError: 'NOT_FOUND',
        ConflictError: 'CONFLICT',
        InputError: 'VALIDATION_FAILED',
      } as Record<string, string>
    )[error.name]
  );
}
