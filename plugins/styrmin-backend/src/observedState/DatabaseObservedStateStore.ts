import { DatabaseService } from '@backstage/backend-plugin-api';
import { JsonObject } from '@styrmin/plugin-styrmin-common';
import { canonicalJson } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { Clock, systemClock } from '../database/Clock';
import { inTransaction } from '../database/inTransaction';
import { lockForUpdate } from '../database/lockForUpdate';
import { connectDatabase } from '../database/migrations';
import { parseJsonColumn } from '../database/parseJsonColumn';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import { onlyUuids } from '../database/uuid';
import { DEPLOYMENTS_TABLE } from '../deployments/tables';
import {
  DeploymentStatus,
  ObservedState,
  ObservedStateStore,
  ObservedStateStoreGetManyOptions,
  ObservedStateStoreRemoveOptions,
  ObservedStateStoreReportOptions,
  ObservedStateStoreReportResult,
  PodPhase,
  PodStatus,
  ReportedPodStatus,
} from './ObservedStateStore';
import {
  DbDeploymentStatusRow,
  DbPodStatusRow,
  DEPLOYMENT_STATUSES_TABLE,
  POD_STATUSES_TABLE,
} from './tables';

/** The columns of a pod's row, but its deployment's id. */
const POD_COLUMNS = [
  'pod_name',
  'phase',
  'ready',
  'restarts',
  'started_at',
  'component',
  'reason',
  'observed_at',
] as const satisfies ReadonlyArray<keyof DbPodStatusRow>;

/**
 * Options of {@link DatabaseObservedStateStore.create}.
 *
 * @internal
 */
export type DatabaseObservedStateStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link ObservedStateStore} on the plugin's database (SQLite or PostgreSQL). A report
 * locks its deployment's row (PostgreSQL; SQLite writes one transaction at a time), so that
 * two reports of one deployment, on two replicas, compare and write one after the other.
 *
 * @internal
 */
export class DatabaseObservedStateStore implements ObservedStateStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseObservedStateStoreOptions,
  ): Promise<DatabaseObservedStateStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseObservedStateStore(
      await connectDatabase(database),
      clock,
    );
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async report(
    options: ObservedStateStoreReportOptions,
  ): Promise<ObservedStateStoreReportResult> {
    const { tx = this.#knex, deploymentId, observedAt, pods } = options;
    const status = JSON.stringify(canonicalJson(options.status));
    const unchanged = { changed: false, statusChanged: false, stale: false };
    return inTransaction(tx, async trx => {
      await lockForUpdate(
        trx(DEPLOYMENTS_TABLE).where({ id: deploymentId }).first('id'),
        trx,
      );
      const stored = await trx<DbDeploymentStatusRow>(DEPLOYMENT_STATUSES_TABLE)
        .where({ deployment_id: deploymentId })
        .first();
      if (
        stored &&
        observedAt.getTime() < fromDbTimestamp(stored.observed_at).getTime()
      ) {
        return { ...unchanged, stale: true };
      }
      const storedPods = new Map(
        (
          await trx<DbPodStatusRow>(POD_STATUSES_TABLE).where({
            deployment_id: deploymentId,
          })
        ).map(row => [row.pod_name, toPodStatus(row)]),
      );
      const changedPods = pods.filter(pod => {
        const before = storedPods.get(pod.name);
        return !before || !samePod(before, pod);
      });
      const reported = new Set(pods.map(pod => pod.name));
      const gonePods = [...storedPods.keys()].filter(
        name => !reported.has(name),
      );
      const statusChanged = stored?.status !== status;
      if (!statusChanged && changedPods.length === 0 && gonePods.length === 0) {
        return unchanged;
      }

      await trx<DbDeploymentStatusRow>(DEPLOYMENT_STATUSES_TABLE)
        .insert({
          deployment_id: deploymentId,
          status,
          observed_at: observedAt,
          updated_at: this.#clock.now(),
        })
        .onConflict('deployment_id')
        .merge();
      if (gonePods.length > 0) {
        await trx<DbPodStatusRow>(POD_STATUSES_TABLE)
          .where({ deployment_id: deploymentId })
          .whereIn('pod_name', gonePods)
          .delete();
      }
      for (const pod of changedPods) {
        await trx<DbPodStatusRow>(POD_STATUSES_TABLE)
          .insert({
            deployment_id: deploymentId,
            pod_name: pod.name,
            phase: pod.phase,
            ready: pod.ready,
            restarts: pod.restarts,
            started_at: pod.startedAt ?? null,
            component: pod.component ?? null,
            reason: pod.reason ?? null,
            observed_at: observedAt,
          })
          .onConflict(['deployment_id', 'pod_name'])
          .merge();
      }
      return { changed: true, statusChanged, stale: false };
    });
  }

  async getDeploymentStatuses(
    options: ObservedStateStoreGetManyOptions,
  ): Promise<DeploymentStatus[]> {
    const { tx = this.#knex, deploymentIds } = options;
    const rows = await tx<DbDeploymentStatusRow>(
      DEPLOYMENT_STATUSES_TABLE,
    ).whereIn('deployment_id', onlyUuids(deploymentIds));
    return rows.map(toDeploymentStatus);
  }

  async getObservedStates(
    options: ObservedStateStoreGetManyOptions,
  ): Promise<ObservedState[]> {
    const { tx = this.#knex, deploymentIds } = options;
    const rows: Array<
      DbDeploymentStatusRow & {
        [K in keyof DbPodStatusRow as `pod_${K}`]: DbPodStatusRow[K] | null;
      }
    > = await tx(`${DEPLOYMENT_STATUSES_TABLE} as s`)
      .leftJoin(
        `${POD_STATUSES_TABLE} as p`,
        'p.deployment_id',
        's.deployment_id',
      )
      .whereIn('s.deployment_id', onlyUuids(deploymentIds))
      .orderBy(['s.deployment_id', 'p.pod_name'])
      .select(
        's.*',
        ...POD_COLUMNS.map(column => `p.${column} as pod_${column}`),
      );
    const states = new Map<string, ObservedState>();
    for (const row of rows) {
      let state = states.get(row.deployment_id);
      if (!state) {
        state = { status: toDeploymentStatus(row), pods: [] };
        states.set(row.deployment_id, state);
      }
      if (row.pod_pod_name !== null) {
        state.pods.push(
          toPodStatus({
            deployment_id: row.deployment_id,
            pod_name: row.pod_pod_name,
            phase: row.pod_phase!,
            ready: row.pod_ready!,
            restarts: row.pod_restarts!,
            started_at: row.pod_started_at,
            component: row.pod_component,
            reason: row.pod_reason,
            observed_at: row.pod_observed_at!,
          }),
        );
      }
    }
    return [...states.values()];
  }

  async listPodStatuses(
    options: ObservedStateStoreGetManyOptions,
  ): Promise<PodStatus[]> {
    const { tx = this.#knex, deploymentIds } = options;
    const rows = await tx<DbPodStatusRow>(POD_STATUSES_TABLE)
      .whereIn('deployment_id', onlyUuids(deploymentIds))
      .orderBy(['deployment_id', 'pod_name']);
    return rows.map(toPodStatus);
  }

  async removeObservedState(
    options: ObservedStateStoreRemoveOptions,
  ): Promise<void> {
    const { tx = this.#knex, deploymentId } = options;
    await inTransaction(tx, async trx => {
      await trx(POD_STATUSES_TABLE)
        .where({ deployment_id: deploymentId })
        .delete();
      await trx(DEPLOYMENT_STATUSES_TABLE)
        .where({ deployment_id: deploymentId })
        .delete();
    });
  }
}

function samePod(stored: PodStatus, reported: ReportedPodStatus): boolean {
  return (
    stored.phase === reported.phase &&
    stored.ready === reported.ready &&
    stored.restarts === reported.restarts &&
    stored.startedAt?.getTime() === reported.startedAt?.getTime() &&
    stored.component === reported.component &&
    stored.reason === reported.reason
  );
}

function toDeploymentStatus(row: DbDeploymentStatusRow): DeploymentStatus {
  return {
    deploymentId: row.deployment_id,
    status: parseJsonColumn<JsonObject>(
      row.status,
      `status of deployment ${row.deployment_id}`,
    ),
    observedAt: fromDbTimestamp(row.observed_at),
    updatedAt: fromDbTimestamp(row.updated_at),
  };
}

function toPodStatus(row: DbPodStatusRow): PodStatus {
  return {
    deploymentId: row.deployment_id,
    name: row.pod_name,
    phase: row.phase as PodPhase,
    ready: Boolean(row.ready),
    restarts: row.restarts,
    startedAt: fromOptionalDbTimestamp(row.started_at),
    component: row.component ?? undefined,
    reason: row.reason ?? undefined,
    observedAt: fromDbTimestamp(row.observed_at),
  };
}
